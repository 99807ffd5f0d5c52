import type { PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { readFlowExtras, type FlowExtras } from './flowResults';

const NONE: FlowExtras = { offlineEmail: null, offlineEmailEdit: null, pitchDeckAt: null };

/**
 * What a chat shows besides its messages: the offline email draft, the pitch-deck card. Apart from
 * flowResults.ts, which the service worker delivers plans with: no React there.
 */
export function useFlowExtras(db: PitchpadDb, chatId: string): FlowExtras {
  const read = useSafeLiveQuery(
    async () => ({ chatId, ...(await readFlowExtras(db, chatId)) }),
    [db, chatId],
    { chatId, ...NONE },
  );
  return read?.chatId === chatId ? read : NONE;
}
