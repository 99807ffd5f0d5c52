import { randomBytes } from 'node:crypto';
import type { TestServer } from '../support/server';
import type { TestClient } from '../support/client';
import { audioOf } from './audio';
import { buildSend } from './chats';

/** A 21-character id as the app makes them (saved items, kit files). */
export const shortId = () => randomBytes(16).toString('base64url').slice(0, 21);

export interface FilledAccount {
  chatId: string;
  chatTitle: string;
  replyId: number;
  workflowId: string;
  kitFileId: string;
  recordingId: string;
  /** Words found in the account's content only, to look for in an export. */
  marker: string;
}

/**
 * A rep who used every part of the app, through its own routes (a chat and its reply, an edited
 * email, a saved item, the profile, a sales-kit file, a voice debrief, a push subscription) and,
 * for what only a model run makes, rows as those runs leave them (an idea analysis, a research). `client` is
 * signed in; the server answers with a fake model.
 */
export async function fillAccount(
  server: TestServer,
  client: TestClient,
  userId: number,
  marker: string,
): Promise<FilledAccount> {
  const send = buildSend(`Draft a cold email about ${marker}`, { title: `Deal ${marker}` });
  const sent = await client.post('/api/chat', send);
  if (sent.status !== 200) throw new Error(`send failed: ${sent.status} ${sent.text}`);
  const replyId: number = sent.body.message.id;
  const edited = await client.put(`/api/chats/${send.chatId}/messages/${replyId}/email`, {
    subject: `Subject ${marker}`,
    body: `Hi Dana, edited body ${marker}`,
    editedAt: new Date().toISOString(),
  });
  if (edited.status !== 200) throw new Error(`email edit failed: ${edited.status} ${edited.text}`);
  const workflowId = shortId();
  const saved = await client.post('/api/workflows', {
    id: workflowId,
    name: `Saved ${marker}`,
    workflowType: 'competitive',
    path: '/competitive',
    result: JSON.stringify({ competitors: [{ name: `Rival ${marker}` }] }),
  });
  if (saved.status >= 300) throw new Error(`workflow failed: ${saved.status} ${saved.text}`);
  const profile = await client.patch('/api/profile', {
    edits: [
      {
        field: 'company',
        value: `Company ${marker}`,
        editedAt: new Date().toISOString(),
        base: null,
      },
    ],
  });
  if (profile.status !== 200) throw new Error(`profile failed: ${profile.status} ${profile.text}`);
  const kitFileId = shortId();
  const kit = await client.put(
    `/api/kit/files/${kitFileId}`,
    new TextEncoder().encode(`# Battlecard\n\nOur pricing beats ${marker} every time.\n`),
    { headers: { 'content-type': 'text/markdown', 'x-file-name': `battlecard-${marker}.md` } },
  );
  if (kit.status >= 300) throw new Error(`kit upload failed: ${kit.status} ${kit.text}`);
  // A voice debrief, transcribed by the fake speech model (its default transcript).
  const recordingId = shortId();
  const recorded = await client.put(`/api/recordings/${recordingId}`, audioOf('webm'), {
    headers: {
      'content-type': 'audio/webm',
      'x-recording-title': encodeURIComponent(`Debrief ${marker}`),
      'x-recording-duration-ms': '245000',
    },
  });
  if (recorded.status !== 201)
    throw new Error(`recording upload failed: ${recorded.status} ${recorded.text}`);
  await server.pool.query(
    `INSERT INTO idea_analyses (user_id, idea, summary) VALUES ($1, $2, $3)`,
    [
      userId,
      `An idea about ${marker}`,
      JSON.stringify({ valueProposition: { core: `Core ${marker}` } }),
    ],
  );
  // A research on the web, as a run leaves it: one claim, its page and that page's passage.
  await server.pool.query(
    `INSERT INTO research (id, user_id, subject, subject_key, claims, sources, made_with_model)
     VALUES (gen_random_uuid(), $1, $2, lower($2), $3, $4, true)`,
    [
      userId,
      `Research ${marker}`,
      JSON.stringify([{ text: `${marker} books freight.`, sources: [1] }]),
      JSON.stringify([
        {
          n: 1,
          url: `https://${marker}.example/`,
          title: `About ${marker}`,
          site: `${marker}.example`,
          readAt: new Date().toISOString(),
          publishedAt: null,
          excerpt: `${marker} is a freight booking platform.`,
        },
      ]),
    ],
  );
  // A browser subscribed to the rep's push reminders (the address only looks public: nothing is sent).
  const subscribed = await client.put('/api/push/subscription', {
    endpoint: `https://push.example/send/${shortId()}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });
  if (subscribed.status !== 204)
    throw new Error(`push subscription failed: ${subscribed.status} ${subscribed.text}`);
  return {
    chatId: send.chatId,
    chatTitle: `Deal ${marker}`,
    replyId,
    workflowId,
    kitFileId,
    recordingId,
    marker,
  };
}
