/**
 * A note pushed into the rep's CRM, written there at most once. The phone names each push by its own
 * id and may send it again (its answer lost, the app closed mid-request, a second tab):
 *
 * - the push is recorded under that id first; an id already written answers what was written;
 * - one request at a time holds it (a lease in the row); another gets 409 and a Retry-After;
 * - every try that reached the CRM is counted, and the note carries a marker token. A later try of a
 *   push tried before (whose answer never came) first searches the CRM for the marker, and records
 *   the note it finds instead of writing another. The search waits until `searchSettleS` after that
 *   try ended (409, Retry-After): HubSpot's search lags behind its writes by seconds, and a write cut
 *   off by the time limit may still be committing at the CRM.
 * - the lease is the request's own (a token): one whose lease ran out cannot end another's.
 */
import { randomBytes } from 'node:crypto';
import {
  CRM_NAMES,
  CrmErrorCode,
  type CrmPushInput,
  type CrmProvider,
} from '../../domain/contract/crm';
import { AppError } from '../errors';
import { CrmFailure, type CrmNote } from './adapter';
import {
  claimPush,
  countAttempt,
  endAttemptUnanswered,
  forgetAttempt,
  markWritten,
  recordPush,
  releasePush,
  type PushRow,
} from './crm.sql';
import { withCrm, type CrmCallContext } from './session';

/** When another request holds the push: ask again in a few seconds. */
const IN_PROGRESS_RETRY_S = 5;

const inProgress = (retryAfterS: number) =>
  new AppError(
    409,
    CrmErrorCode.inProgress,
    'This note is being sent now: its answer comes shortly.',
    { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterS))) },
  );

/** A marker of letters and digits only: one search token to HubSpot, safe inside a SOQL string. */
const newMarker = () => `pp${randomBytes(8).toString('hex')}`;

const noteOf = (row: PushRow): CrmNote => ({
  title: row.title,
  body: row.body,
  targets: row.targets,
  marker: row.marker,
  at: new Date(row.created_at),
  ...(row.email_subject ? { asEmail: { subject: row.email_subject } } : {}),
});

/** The same push sent again carries the same note; another note under a used id is refused. */
function samePush(row: PushRow, input: ReturnType<typeof normalize>): boolean {
  return (
    row.provider === input.provider &&
    row.body === input.body &&
    row.title === input.title &&
    row.email_subject === (input.asEmail?.subject ?? null) &&
    JSON.stringify(row.targets.map((t) => [t.type, t.id])) ===
      JSON.stringify(input.targets.map((t) => [t.type, t.id]))
  );
}

function normalize(input: CrmPushInput & { provider: CrmProvider }) {
  return {
    provider: input.provider,
    body: input.body,
    targets: input.targets,
    title: input.title,
    source: input.source,
    asEmail: input.asEmail,
  };
}

/** Salesforce relates a Task to one contact and one account or opportunity. */
function checkTargets(provider: CrmProvider, targets: CrmPushInput['targets']): void {
  if (provider !== 'salesforce') return;
  const contacts = targets.filter((t) => t.type === 'contact').length;
  const others = targets.length - contacts;
  if (contacts > 1 || others > 1)
    throw new AppError(
      400,
      'invalid_request',
      'A Salesforce task is related to one contact and one account or opportunity: choose at most one of each.',
      {},
      { targets: 'At most one contact and one account or opportunity.' },
    );
}

export async function pushNote(
  cx: CrmCallContext,
  id: string,
  input: CrmPushInput & { provider: CrmProvider },
): Promise<PushRow> {
  const push = normalize(input);
  checkTargets(push.provider, push.targets);
  const row = await recordPush(cx.pool, cx.userId, {
    id,
    provider: push.provider,
    source_kind: push.source.kind,
    source_ref: push.source.ref ?? null,
    title: push.title,
    targets: push.targets.map((t) => ({
      type: t.type,
      id: t.id,
      name: t.name,
      ...(t.detail ? { detail: t.detail } : {}),
    })),
    body: push.body,
    email_subject: push.asEmail?.subject ?? null,
    marker: newMarker(),
  });
  if (!samePush(row, push))
    throw new AppError(
      409,
      CrmErrorCode.idTaken,
      'Another note was already sent under this id: send this one as a new push.',
    );
  if (row.state === 'written') return row;

  const lease = randomBytes(12).toString('hex');
  const claimed = await claimPush(cx.pool, cx.userId, id, lease);
  if (!claimed) throw inProgress(IN_PROGRESS_RETRY_S);
  try {
    return await withCrm(cx, claimed.provider, async (session, { adapter }) => {
      const note = noteOf(claimed);
      if (claimed.attempts > 0) {
        const since = claimed.last_attempt_at
          ? (Date.now() - new Date(claimed.last_attempt_at).getTime()) / 1000
          : Infinity;
        if (since < adapter.searchSettleS) throw inProgress(adapter.searchSettleS - since);
        const found = await adapter.findWritten(session, note);
        if (found) {
          cx.log.info(`user ${cx.userId}: push ${id} was already in ${claimed.provider}`);
          return markWritten(cx.pool, cx.userId, id, found);
        }
      }
      await countAttempt(cx.pool, cx.userId, id, lease);
      const written = await adapter.writeNote(session, note).catch(async (error: unknown) => {
        // Only a try with no answer (the network, a 5xx, a timeout) may have written the note: its
        // search waits from when it ended. One the CRM refused wrote nothing.
        if (error instanceof CrmFailure && error.kind === 'down')
          await endAttemptUnanswered(cx.pool, cx.userId, id, lease);
        else if (error instanceof CrmFailure) await forgetAttempt(cx.pool, cx.userId, id, lease);
        throw error;
      });
      cx.log.info(`user ${cx.userId}: push ${id} written to ${CRM_NAMES[claimed.provider]}`);
      return markWritten(cx.pool, cx.userId, id, written);
    });
  } finally {
    await releasePush(cx.pool, cx.userId, id, lease).catch(() => undefined);
  }
}
