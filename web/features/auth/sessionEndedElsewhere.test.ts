// @vitest-environment jsdom
// oxlint-disable-next-line import/no-unassigned-import -- installs an in-memory IndexedDB for Dexie
import 'fake-indexeddb/auto';
import { buildLocalUserMessage } from '../../../tests/factories/localMessages';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FRAME_STORAGE_KEY } from '../../../domain/contract/frameScript';
import { clearUserData, openUserDb } from '../../data/db';
import { uuidv7 } from '../../data/ids';
import { countUnsentWork } from '../../data/unsentWork';
import { framesAllowed } from '../../prerender/frameStorage';
import { userQueryOptions } from './auth.queries';
import { recordLoginSuccess } from './authStorage';

let userId = 7300;
afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await clearUserData();
});

/** The server as GET /api/auth/user answers: this user's session, or none (401). */
function serveSession(holder: { id: number } | null) {
  vi.stubGlobal('fetch', async () =>
    holder
      ? Response.json({ id: holder.id })
      : Response.json({ code: 'unauthorized', message: 'Not signed in' }, { status: 401 }),
  );
}

/** A phone where `id` signed in, left a copy of their chat for the home screen, and a message unsent. */
async function phoneOf(id: number) {
  recordLoginSuccess(id);
  localStorage.setItem(
    FRAME_STORAGE_KEY,
    JSON.stringify({
      build: '/assets/main.js',
      frames: { '/chat': { html: '<p>Dana’s deal</p>' } },
    }),
  );
  await openUserDb(id).messages.put(
    buildLocalUserMessage(uuidv7(), { content: 'Send Dana the pilot terms' }),
  );
}

const askWhoIsHere = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false } } }).fetchQuery(userQueryOptions);

describe('a phone signed out from elsewhere', () => {
  it('forgets the copy of the last chat the home screen paints once the server has no session', async () => {
    userId += 1;
    await phoneOf(userId);
    serveSession(null);

    expect(await askWhoIsHere()).toBeNull();

    expect(localStorage.getItem(FRAME_STORAGE_KEY)).toBeNull();
    // Not even a screen still closing keeps a new copy before someone signs in again.
    expect(framesAllowed()).toBe(false);
  });

  it('keeps the unsent message in that rep’s own database, for when they sign in again', async () => {
    userId += 1;
    await phoneOf(userId);
    serveSession(null);
    await askWhoIsHere();

    expect((await countUnsentWork(openUserDb(userId))).messages).toBe(1);
  });

  it('keeps the copy while the server still answers with the same rep', async () => {
    userId += 1;
    await phoneOf(userId);
    serveSession({ id: userId });

    expect(await askWhoIsHere()).toMatchObject({ id: userId });

    expect(localStorage.getItem(FRAME_STORAGE_KEY)).not.toBeNull();
    expect(framesAllowed()).toBe(true);
  });
});
