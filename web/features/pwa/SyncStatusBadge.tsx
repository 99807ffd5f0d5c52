import { cloudOfflineOutline, timeOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { syncStatus } from '../../data/syncStatus';
import { InlineIcon } from '../../ui/InlineIcon';

/**
 * The header's connection mark (design §6): 'Offline' (with how many sends wait) when there is no
 * network or the server cannot be reached, 'N waiting' while sends are queued, and for a signed-in
 * user a quiet green dot when all is sent.
 */
export function SyncStatusBadge() {
  const { online, reachable, waiting } = useSyncExternalStore(syncStatus.subscribe, syncStatus.get, syncStatus.get);
  const count = waiting ?? 0;
  const pending = count > 0 ? `${count} waiting` : null;

  if (!online || !reachable) {
    return (
      <span className="sync-badge sync-badge--offline" role="status" title={online ? 'Cannot reach Pitchpad' : 'No network'}>
        <InlineIcon icon={cloudOfflineOutline} />
        <span>Offline</span>
        {pending && <span className="sync-badge__count">· {pending}</span>}
      </span>
    );
  }
  if (pending) {
    return (
      <span className="sync-badge sync-badge--waiting" role="status">
        <InlineIcon icon={timeOutline} />
        <span>{pending}</span>
      </span>
    );
  }
  if (waiting === null) return null;
  return (
    <span className="sync-badge sync-badge--online" role="status" title="Online: everything is sent">
      <span className="sync-badge__dot" aria-hidden="true" />
      <span className="visually-hidden">Online</span>
    </span>
  );
}
