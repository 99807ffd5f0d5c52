/**
 * What a flush of the outbox delivered, as 'Your draft is ready' notices
 * (features/notifications/draftReady.ts shows them): chat replies answered in full, debriefs
 * transcribed and notes saved to the rep's CRM ('Saved to HubSpot: Freightly'). Read here, where the chat's and the debrief's queued work meet, so neither feature
 * nor the notifications import each other.
 */
import { CRM_NAMES } from '../../domain/contract/crmBasics';
import { recipientAnswerOf } from '../../domain/playbooks/emailFlows';
import { debriefReadyText, draftReadyText } from '../../domain/notifications/draftReady';
import { replyKeyFor, userMessageKey } from '../data/chatMerge';
import type { PitchpadDb } from '../data/db';
import type { FlushReport } from '../data/outbox';
import { chatOutcomes } from '../features/chat/engine/chatDelivery';
import { CRM_PUSH, readPush, savedLine } from '../features/crm/crmPushes';
import { RECORDING_UPLOAD } from '../features/debrief/recordingStore';
import { DEBRIEF_PATH, type DraftReadyNotice } from '../features/notifications/draftReady';

/**
 * The replies a flush delivered in full, one per chat (the last), and the debriefs it transcribed,
 * with what their notification says.
 */
export async function readyReplies(
  db: PitchpadDb,
  report: FlushReport,
): Promise<DraftReadyNotice[]> {
  const notices = new Map<string, DraftReadyNotice>();
  for (const [id, settled] of report.outcomes) {
    if (settled.kind !== RECORDING_UPLOAD || settled.state !== 'sent') continue;
    const recording = await db.recordings.get(id);
    if (recording?.state !== 'transcribed') continue;
    notices.set(`debrief:${id}`, {
      chatId: `debrief:${id}`,
      url: DEBRIEF_PATH,
      ...debriefReadyText(recording.title, recording.transcript ?? ''),
      replyStatus: 'complete',
    });
  }
  for (const [id, settled] of report.outcomes) {
    if (settled.kind !== CRM_PUSH || settled.state !== 'sent') continue;
    const push = await readPush(db, id);
    if (!push) continue;
    const name = CRM_NAMES[push.input.provider];
    notices.set(`crm:${id}`, {
      chatId: `crm:${id}`,
      url: push.input.source.ref
        ? `/chat?chat=${encodeURIComponent(push.input.source.ref)}`
        : '/account',
      title: savedLine(push),
      body: push.cut
        ? `The note was cut to fit ${name}: the whole of it is in Pitchpad.`
        : `Your note is on the record in ${name}.`,
      replyStatus: 'complete',
    });
  }
  for (const [clientId, { outcome }] of chatOutcomes(report)) {
    if (outcome.kind !== 'done') continue;
    const key = userMessageKey(clientId);
    const [message, reply] = await db.messages.bulkGet([key, replyKeyFor(key)]);
    const chat = message && (await db.chats.get(message.chatId));
    if (!message || !reply || !chat) continue;
    const text = draftReadyText({
      playbookType: chat.playbookType,
      chatTitle: chat.title,
      recipientInfo: recipientAnswerOf(chat.playbookType, message.answers),
      reply: reply.content,
    });
    notices.set(chat.id, { chatId: chat.id, ...text, replyStatus: reply.status });
  }
  return [...notices.values()];
}
