/**
 * The device's search index in a Web Worker (deviceSearch.ts starts it): building, updating and
 * searching it never takes the page's main thread, so typing never waits on it. It opens the rep's
 * database itself and hears the page's writes through Dexie's change events (BroadcastChannel).
 */
import { PitchpadDb, userDbName } from '../../data/db';
import { DeviceIndex } from './deviceIndex';
import type { WorkerReply, WorkerRequest } from './deviceSearch';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let index: DeviceIndex | null = null;
let db: PitchpadDb | null = null;

function open(userId: number): DeviceIndex {
  if (index) return index;
  db = new PitchpadDb(userDbName(userId));
  // The database is deleted (logout) or upgraded elsewhere: let it go at once, and never open it
  // again from here (that would make an empty database for a rep who has left).
  db.on('versionchange', () => {
    void index?.stop({ save: false });
    db?.close({ disableAutoOpen: true });
    return false;
  });
  index = new DeviceIndex(db);
  void index.start();
  return index;
}

// oxlint-disable-next-line unicorn/require-post-message-target-origin -- a worker's postMessage has no target origin
const reply = (message: WorkerReply) => scope.postMessage(message);

scope.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  switch (request.type) {
    case 'start':
      open(request.userId);
      return;
    case 'search':
      open(request.userId)
        .search(request.query, request.limit)
        .then(
          (found) => reply({ type: 'hits', id: request.id, ...found }),
          (error: unknown) => reply({ type: 'failed', id: request.id, message: String(error) }),
        );
      return;
    case 'stop':
      void (index?.stop() ?? Promise.resolve()).finally(() => {
        db?.close({ disableAutoOpen: true });
        reply({ type: 'stopped' });
      });
  }
});
