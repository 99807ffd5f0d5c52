import { randomBytes } from 'node:crypto';
import type { StartupSummary } from '../../domain/contract/analysis';
import { IDEA_ANALYSIS_WORKFLOW } from '../../domain/contract/analysis';
import type { Pool } from '../db';

/** A 21-character id, like the client's workflow ids. */
const workflowId = () => randomBytes(16).toString('base64url').slice(0, 21);

/** The Saved History name of an analysis: the idea's start. */
function historyName(idea: string): string {
  const text = idea.trim().replace(/\s+/g, ' ');
  return `Idea: ${text.length > 40 ? `${text.slice(0, 40)}...` : text}`;
}

/** A user's analysis also becomes a Saved History item and counts in 'Ideas Analyzed'. */
async function addToHistory(
  pool: Pool,
  userId: number,
  analyses: Array<{ id: number; idea: string; created_at: Date }>,
): Promise<void> {
  for (const a of analyses) {
    await pool.query(
      `INSERT INTO workflows (id, user_id, name, workflow_type, path, date) VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        workflowId(),
        userId,
        historyName(a.idea),
        IDEA_ANALYSIS_WORKFLOW,
        `/onboarding?analysis=${a.id}`,
        a.created_at,
      ],
    );
  }
}

/** Store an analysis for a user, or for a guest session until they sign up. */
export async function saveAnalysis(
  pool: Pool,
  owner: { userId: number } | { guestKey: string },
  idea: string,
  summary: StartupSummary,
): Promise<number> {
  const { rows } = await pool.query<{ id: number; idea: string; created_at: Date }>(
    'INSERT INTO idea_analyses (user_id, guest_key, idea, summary) VALUES ($1, $2, $3, $4) RETURNING id, idea, created_at',
    [
      'userId' in owner ? owner.userId : null,
      'guestKey' in owner ? owner.guestKey : null,
      idea,
      JSON.stringify(summary),
    ],
  );
  if ('userId' in owner) await addToHistory(pool, owner.userId, rows);
  return rows[0]!.id;
}

/** Move a guest session's analyses to the account it signed up or logged in with. */
export async function adoptGuestAnalyses(
  pool: Pool,
  guestKey: string,
  userId: number,
): Promise<{ id: number; idea: string; summary: StartupSummary; created_at: Date }[]> {
  const { rows } = await pool.query<{
    id: number;
    idea: string;
    summary: StartupSummary;
    created_at: Date;
  }>(
    `UPDATE idea_analyses SET user_id = $2, guest_key = NULL WHERE guest_key = $1 AND user_id IS NULL RETURNING id, idea, summary, created_at`,
    [guestKey, userId],
  );
  await addToHistory(pool, userId, rows);
  return rows;
}

export async function findAnalysis(
  pool: Pool,
  id: number,
  owner: { userId: number } | { guestKey: string },
): Promise<{ idea: string; summary: StartupSummary } | undefined> {
  const { rows } = await pool.query<{ idea: string; summary: StartupSummary }>(
    'userId' in owner
      ? 'SELECT idea, summary FROM idea_analyses WHERE id = $1 AND user_id = $2'
      : 'SELECT idea, summary FROM idea_analyses WHERE id = $1 AND guest_key = $2 AND user_id IS NULL',
    [id, 'userId' in owner ? owner.userId : owner.guestKey],
  );
  return rows[0];
}

export async function setWantsUpdates(pool: Pool, userId: number, wants: boolean): Promise<void> {
  await pool.query('UPDATE users SET wants_updates = $2 WHERE id = $1', [userId, wants]);
}
