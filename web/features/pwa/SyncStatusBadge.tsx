import { cloudOfflineOutline, timeOutline } from 'ionicons/icons';
import { useSyncExternalStore } from 'react';
import { syncStatus, type SyncStatus } from '../../data/syncStatus';
import { InlineIcon } from '../../ui/InlineIcon';

/**
 * What the prerendered pages were drawn with: all is well, so no mark. A page taken over from its
 * prerendered copy is first drawn as that copy (hydration), then as things are: a guest whose signal
 * drops while the landing page comes alive sees 'Offline' a moment later, not an error.
 */
const PRERENDERED: SyncStatus = { online: true, reachable: true, waiting: null, held: 0 };
const asPrerendered = () => PRERENDERED;

/**
 * The header's connection mark, shown only when something is not right: 'Offline' (with how many
 * sends wait) when there is no network or the server cannot be reached, 'N waiting' while sends are
 * held up by a failure (the server refuses them for now, or their owner's session is gone). When
 * all is well it shows nothing, as most apps do: a green dot nobody explained read as a mystery, and
 * a send on its way, or next in its chat's line, is not a warning (its message says 'Sending…').
 */
export function SyncStatusBadge() {
  const { online, reachable, waiting, held } = useSyncExternalStore(
    syncStatus.subscribe,
    syncStatus.get,
    asPrerendered,
  );
  const count = waiting ?? 0;
  const pending = count > 0 ? `${count} waiting` : null;

  if (!online || !reachable) {
    return (
      <span
        className="sync-badge sync-badge--offline"
        role="status"
        title={online ? 'Cannot reach Pitchpad' : 'No network'}
      >
        <InlineIcon icon={cloudOfflineOutline} />
        <span>Offline</span>
        {pending && <span className="sync-badge__count">· {pending}</span>}
      </span>
    );
  }
  if (held > 0) {
    return (
      <span className="sync-badge sync-badge--waiting" role="status">
        <InlineIcon icon={timeOutline} />
        <span>{held} waiting</span>
      </span>
    );
  }
  return null;
}
