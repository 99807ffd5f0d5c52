/** Starts the sync engine for the signed-in user, delivering chat sends (loaded lazily by the shell). */
import { openUserDb } from '../../data/db';
import { startSync, type SyncEngine } from '../../data/sync';
import { deliverChatSend } from './sendMessage';

export function startChatSync(userId: number): SyncEngine {
  return startSync({ db: openUserDb(userId), userId, deliver: deliverChatSend });
}
