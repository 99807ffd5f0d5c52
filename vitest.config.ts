import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Vitest runs test files in `cores - 1` processes unless told: one on a 2-core machine, which left
 * a core idle while an API test waited on its server or the database. Two files run side by side.
 * Not more: some API tests read large files or start servers against their own time limits, and a
 * third file on two cores starves them on a slow CI machine. (One number for all projects: Vitest
 * runs projects with different worker counts one after the other.)
 */
const WORKERS = 2;

/** API tests that also stand in for a browser (see the 'api-browser' project). */
const API_WITH_BROWSER_GLOBALS = [
  'tests/security/closedApp.sync.test.ts',
  'tests/security/allowance.outbox.test.ts',
];

const ionicForNode = {
  // Ionic's React wrappers use @lit/react, whose Node build wires up no props or events.
  ssr: { resolve: { conditions: ['browser'] } },
};

// The API and database against a real Postgres (embedded PGlite unless DATABASE_URL or
// TEST_DATABASE_URL is set), the runtime-free domain, the web app's logic in Node (a DOM costs
// seconds a file to set up; a file that needs one says `// @vitest-environment jsdom`), and its
// components rendered in jsdom.
export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          // One module graph per worker, not one per file: every file imports the whole server, and
          // loading it afresh for each of them was a third of this project's time. The modules keep
          // only caches of what never changes (fonts, a tokenizer, time zones): each file starts its
          // own app and makes its own users, and what is one per database (the operator, the model
          // settings) gets an embedded database of its own.
          isolate: false,
          include: [
            'api/**/*.test.ts',
            'db/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'eval/**/*.test.ts',
          ],
          exclude: API_WITH_BROWSER_GLOBALS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The API tests that run the app's own delivery code beside the server: they replace the
        // process's fetch, IndexedDB and clock while a test runs, so each gets its modules afresh.
        test: {
          name: 'api-browser',
          environment: 'node',
          include: API_WITH_BROWSER_GLOBALS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Pure code with no state of its own: its files share one module graph too.
        test: {
          name: 'domain',
          environment: 'node',
          include: ['domain/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        ...ionicForNode,
        test: {
          name: 'web',
          environment: 'node',
          include: ['web/**/*.test.ts'],
          testTimeout: 15_000,
          // Neither Node nor jsdom has Web Locks, which the outbox needs (web/data/queue/lock.ts).
          setupFiles: ['tests/support/setupWebLocks.ts'],
        },
      },
      {
        plugins: [react()],
        ...ionicForNode,
        test: {
          name: 'web-ui',
          environment: 'jsdom',
          include: ['web/**/*.test.tsx'],
          // A file's first render in jsdom takes seconds on a loaded CI machine (it ran 1.7× slower).
          testTimeout: 15_000,
          setupFiles: ['tests/support/setupWebLocks.ts', 'tests/support/setupDom.ts'],
        },
      },
    ],
  },
});
