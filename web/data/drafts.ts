/**
 * Drafts of unfinished guided flows: every step is saved as it is typed, so a flow left
 * half-way (the app closed, the phone restarted, no signal) reopens where it was. One row per flow
 * and step in the `drafts` table; a finished flow clears its draft.
 */
import type { DraftStep, PitchpadDb } from './db';

/** A flow's saved steps: step id → value. */
export type FlowDraft = Record<string, unknown>;

/** Save one step's value as typed (call it on every change; writes are small). */
export async function saveDraft(
  db: PitchpadDb,
  flow: string,
  stepId: string,
  value: unknown,
): Promise<void> {
  await db.drafts.put({ flow, stepId, value, updatedAt: Date.now() });
}

/** The flow's saved steps, or null when it has none. */
export async function loadDraft(db: PitchpadDb, flow: string): Promise<FlowDraft | null> {
  const steps = await db.drafts.where('flow').equals(flow).toArray();
  if (steps.length === 0) return null;
  return Object.fromEntries(steps.map((step) => [step.stepId, step.value]));
}

/** Forget the flow's draft (it was finished or abandoned). */
export async function clearDraft(db: PitchpadDb, flow: string): Promise<void> {
  await db.drafts.where('flow').equals(flow).delete();
}

/** Every unfinished flow with when it was last touched, most recent first. */
export async function listDrafts(
  db: PitchpadDb,
): Promise<Array<{ flow: string; updatedAt: number }>> {
  const latest = new Map<string, number>();
  await db.drafts.each((step: DraftStep) =>
    latest.set(step.flow, Math.max(latest.get(step.flow) ?? 0, step.updatedAt)),
  );
  return [...latest]
    .map(([flow, updatedAt]) => ({ flow, updatedAt }))
    .toSorted((a, b) => b.updatedAt - a.updatedAt);
}
