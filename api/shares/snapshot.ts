/**
 * What a share shows, read from what is stored now: the whole chat (the rep's messages and
 * Pitchpad's answers, in order), one reply (a flow's result; an email as the rep last edited it), or
 * a saved competitor analysis (its matrix as a table). '[1]' marks are taken out: the page shows no
 * Sources, and nothing of the rep's kit or research.
 */
import { withoutCitations } from '../../domain/research/citations';
import { findChat, listMessages } from '../chats/chats.sql';
import type { Pool } from '../db';
import type { Snapshot } from './shares.sql';
import { chatMarkdown } from '../../domain/exports/files';
import { analysisMarkdown, parseSavedAnalysis } from '../../domain/playbooks/competitive';
import { findWorkflow } from '../workflows/workflows.sql';

/** The most a snapshot keeps: a chat longer than this is cut, and says so. */
export const SNAPSHOT_MAX_CHARS = 1_000_000;

/**
 * The snapshot of the rep's chat, or of its reply `messageId`; undefined when the chat is not the
 * rep's (or deleted), or the reply is not a finished reply of that chat.
 */
export async function snapshotOf(
  pool: Pool,
  userId: number,
  chatId: string,
  messageId: number | null,
): Promise<Snapshot | undefined> {
  const chat = await findChat(pool, userId, chatId);
  if (!chat) return undefined;
  // The rep's messages and the replies that were written (whole, or stopped part-way), never one
  // still being written or one that failed.
  const messages = (await listMessages(pool, chat.id)).filter(
    (m) =>
      m.content.trim() !== '' &&
      (m.role === 'user' ||
        (m.role === 'assistant' && (m.status === 'complete' || m.status === 'partial'))),
  );
  if (messageId !== null) {
    const reply = messages.find((m) => m.id === messageId && m.role === 'assistant');
    if (!reply) return undefined;
    const edit = reply.email_edit;
    return edit
      ? {
          title: chat.title,
          content: withoutCitations(edit.body),
          emailSubject: withoutCitations(edit.subject),
        }
      : { title: chat.title, content: withoutCitations(reply.content), emailSubject: null };
  }
  if (!messages.length) return undefined;
  let content = chatMarkdown(
    messages.map((m) => ({ role: m.role, content: withoutCitations(m.content) })),
  );
  if (content.length > SNAPSHOT_MAX_CHARS)
    content = `${content.slice(0, SNAPSHOT_MAX_CHARS)}\n\n*The chat is longer: the rest is not shown here.*`;
  return { title: chat.title, content, emailSubject: null };
}

/**
 * The snapshot of the rep's saved analysis; undefined when it is not the rep's (or deleted), or holds
 * no analysis (a flow's history item points at its chat: that chat is what is shared).
 */
export async function workflowSnapshotOf(
  pool: Pool,
  userId: number,
  workflowId: string,
): Promise<Snapshot | undefined> {
  const workflow = await findWorkflow(pool, userId, workflowId);
  const saved = workflow?.result ? parseSavedAnalysis(workflow.result) : null;
  if (!workflow || !saved) return undefined;
  return { title: workflow.name, content: analysisMarkdown(saved), emailSubject: null };
}
