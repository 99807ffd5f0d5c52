import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Three projects: the API and database against a real Postgres (embedded PGlite unless
// DATABASE_URL/TEST_DATABASE_URL is set), the runtime-free domain, and the web app in jsdom.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['api/**/*.test.ts', 'db/**/*.test.ts', 'tests/security/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { name: 'domain', environment: 'node', include: ['domain/**/*.test.ts'] },
      },
      {
        plugins: [react()],
        // Ionic's React wrappers use @lit/react, whose Node build wires up no props or events.
        ssr: { resolve: { conditions: ['browser'] } },
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['web/**/*.test.{ts,tsx}'],
          // A file's first render in jsdom takes seconds on a loaded CI machine (it ran 1.7× slower).
          testTimeout: 15_000,
          // jsdom has no Web Locks, which the outbox needs (web/data/queue/lock.ts).
          setupFiles: ['tests/support/setupWebLocks.ts'],
        },
      },
    ],
  },
});
