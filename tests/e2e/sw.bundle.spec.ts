// The service worker runs no React: it delivers the queued work with the pages' data code only
// (web/app/queuedWork.ts), and every byte of React it carried would be downloaded and parsed at
// each worker start, with the app closed too. A lint rule keeps React out of the chat engine's
// direct imports only; this reads what the build really put in web/dist/sw.js.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

const SW_BUNDLE = fileURLToPath(new URL('../../web/dist/sw.js', import.meta.url));

/**
 * Strings found only in those libraries' own code, kept by the minifier: React's element type and
 * its internals' name (react, so also dexie-react-hooks, which imports it), and react-dom's error
 * links. Each was seen in sw.js when the worker imported dexie-react-hooks or react-dom.
 */
const REACT_MARKERS = [
  'react.transitional.element',
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  'react.dev/errors',
];

test('the built service worker carries no React, react-dom or dexie-react-hooks code', async () => {
  const bundle = await readFile(SW_BUNDLE, 'utf8');
  // The worker itself is there (its Background Sync tag), so an empty or missing build fails too.
  expect(bundle).toContain('pitchpad-outbox:');
  for (const marker of REACT_MARKERS) expect(bundle, marker).not.toContain(marker);
});
