/**
 * The registry of queued work. Each feature hands over how its own work reaches the server (a
 * `QueuedFeature`: the outbox handlers of its kinds, and any work it still delivers outside the
 * outbox); web/app/queuedWork.ts combines them once (`combineQueuedWork`), and that one registry
 * is what the pages' sync engine (sync.ts) and the service worker (web/sw.ts) are given. So this
 * layer knows no feature: it is told what to deliver.
 */
import type { PitchpadDb } from '../db';
import type { Handlers } from '../outbox';

/**
 * What is left once work outside the outbox was handed over: 'retry' when another try soon may
 * deliver some of it (the network or the server failed on the way), 'settled' when no retry would.
 */
export type Leftover = 'settled' | 'retry';

/** Work a feature keeps outside the outbox, handed over before the outbox flushes. */
export interface OtherWork {
  /** Whether any of it is due now: without any, the sync engine asks the server nothing. */
  has(db: PitchpadDb): Promise<boolean>;
  /** Hand it to the server. Answers whether what is left is worth another try soon. */
  push(db: PitchpadDb): Promise<Leftover>;
}

/** What one feature brings to the registry. */
export interface QueuedFeature {
  /** The outbox's handlers of the feature's kinds. */
  handlers?: Handlers;
  /** Its work outside the outbox. */
  other?: OtherWork;
}

/** Every feature's queued work, combined: what the sync engine and the service worker deliver. */
export interface QueuedWork {
  handlers: Handlers;
  /** The features' other work, handed over in the order the features were combined in. */
  other: OtherWork;
}

/**
 * Combine the features' queued work into the one registry. Other work is handed over in the order
 * given. Two features claiming one kind is a mistake, refused at once.
 */
export function combineQueuedWork(...features: QueuedFeature[]): QueuedWork {
  const handlers: Handlers = {};
  for (const feature of features)
    for (const [kind, handler] of Object.entries(feature.handlers ?? {})) {
      if (kind in handlers) throw new Error(`Two handlers for the outbox kind '${kind}'.`);
      (handlers as Record<string, unknown>)[kind] = handler;
    }
  const others = features.flatMap((feature) => (feature.other ? [feature.other] : []));
  return {
    handlers,
    other: {
      async has(db) {
        for (const other of others) if (await other.has(db)) return true;
        return false;
      },
      async push(db) {
        let left: Leftover = 'settled';
        for (const other of others) if ((await other.push(db)) === 'retry') left = 'retry';
        return left;
      },
    },
  };
}
