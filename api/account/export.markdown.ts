// The people's half of an export: Markdown, one file per chat, saved item, edited email and idea
// analysis, plus the profile and a README. The machines' half is the JSON beside it (export.routes.ts).
import { PROFILE_FIELDS, type ProfileField } from '../../domain/contract/profile';
import type { StoredProfile } from '../../domain/profile/merge';
import type {
  ExportAccount,
  ExportAnalysis,
  ExportChat,
  ExportEditedEmail,
  ExportKitFile,
  ExportMessage,
  ExportRecording,
  ExportSavedItem,
} from './export.sql';

/** '2026-11-26 14:03 UTC' from an ISO time. */
export const readableTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** A fence longer than any run of backticks in `text`, so the text cannot end its block. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** A line of the rep's own text for a heading: no line breaks, no leading '#'. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

export function chatHeading(chat: ExportChat): string {
  const kind = chat.playbookType === 'none' ? 'Chat' : `Guided flow: ${chat.playbookType}`;
  return `# ${oneLine(chat.title) || 'Untitled'}\n\n${kind} · started ${readableTime(chat.createdAt)} · last changed ${readableTime(chat.updatedAt)}\n`;
}

const STATUS_NOTE: Record<string, string> = {
  partial: '\n\n_(This answer stopped before its end.)_',
  failed: '\n\n_(No answer was written.)_',
  streaming: '\n\n_(This answer was still being written.)_',
};

export function messageMarkdown(m: ExportMessage): string {
  const who = m.role === 'user' ? 'You' : m.role === 'assistant' ? 'Pitchpad' : 'System';
  let text = `\n## ${who} · ${readableTime(m.timestamp)}\n\n${m.content}${STATUS_NOTE[m.status] ?? ''}\n`;
  // A guided flow's prompt: the answers it was built from, as the rep gave them.
  const answers = Object.entries(m.answers ?? {}).filter(([, value]) => value);
  if (answers.length)
    text += `\nYour answers:\n\n${answers.map(([question, value]) => `- ${question}: ${oneLine(value)}`).join('\n')}\n`;
  if (m.sources?.length)
    text += `\nSources: ${m.sources
      .map((s, i) => `[${i + 1}] ${oneLine(s.fileName)}${s.page ? `, page ${s.page}` : ''}`)
      .join('; ')}\n`;
  if (m.emailEdit)
    text += `\n### Your edited email (${readableTime(m.emailEdit.editedAt)})\n\n**Subject:** ${oneLine(m.emailEdit.subject)}\n\n${m.emailEdit.body}\n`;
  return text;
}

export function editedEmailMarkdown(e: ExportEditedEmail): string {
  return `# ${oneLine(e.edit.subject) || 'Edited email'}\n\nEdited ${readableTime(e.edit.editedAt)}, in the chat “${oneLine(e.chatTitle)}”.\n\n## Your edited email\n\n**Subject:** ${oneLine(e.edit.subject)}\n\n${e.edit.body}\n\n## As Pitchpad first wrote it\n\n${e.original}\n`;
}

export function savedItemMarkdown(item: ExportSavedItem): string {
  let text = `# ${oneLine(item.name) || 'Untitled'}\n\n${item.type} · saved ${readableTime(item.date)} · opens ${item.path}\n`;
  if (item.result) {
    let result = item.result;
    try {
      result = JSON.stringify(JSON.parse(item.result), null, 2);
    } catch {
      /* not JSON: as it is */
    }
    text += `\n## Result\n\n${fenced(result, 'json')}\n`;
  }
  return text;
}

export function analysisMarkdown(a: ExportAnalysis): string {
  return `# Idea analysis · ${readableTime(a.createdAt)}\n\n## The idea\n\n${a.idea}\n\n## The analysis\n\n${fenced(JSON.stringify(a.summary, null, 2), 'json')}\n`;
}

/** The profile's values alone (what the screen shows), by field name. */
export function profileValues(profile: StoredProfile): Partial<Record<ProfileField, string>> {
  const values: Partial<Record<ProfileField, string>> = {};
  for (const [name, field] of Object.entries(profile))
    if (field?.value) values[name as ProfileField] = field.value;
  return values;
}

export function profileMarkdown(account: ExportAccount): string {
  const lines = [
    '# Your account and profile',
    '',
    `- Username: ${account.username}`,
    `- Email: ${account.email}`,
    ...(account.name ? [`- Name: ${oneLine(account.name)}`] : []),
    `- Account created: ${readableTime(account.createdAt)}`,
    `- Plan: ${account.plan === 'pro' ? 'Pro' : 'Free'}`,
    `- Product updates by email: ${account.wantsUpdates ? 'yes' : 'no'}`,
    '',
    '## Profile',
    '',
  ];
  const values = profileValues(account.profile);
  const filled = (Object.keys(PROFILE_FIELDS) as ProfileField[]).filter((f) => values[f]);
  if (!filled.length) lines.push('_(Empty.)_');
  for (const field of filled)
    lines.push(`### ${PROFILE_FIELDS[field].label}`, '', values[field]!, '');
  return `${lines.join('\n')}\n`;
}

export function kitMarkdown(files: ExportKitFile[]): string {
  const lines = ['# Your sales kit', ''];
  if (!files.length) lines.push('_(No files.)_');
  for (const f of files)
    lines.push(
      `- ${oneLine(f.name)} (${f.kind}, ${f.bytes.toLocaleString('en-US')} bytes${f.pages ? `, ${f.pages} pages` : ''}, ${f.passages} passages), uploaded ${readableTime(f.uploadedAt)}`,
    );
  lines.push(
    '',
    'The text Pitchpad read from each file is in sales-kit/, one file each; the files themselves stay on the device they were uploaded from.',
  );
  return `${lines.join('\n')}\n`;
}

/** '4 min 05 s' from milliseconds. */
const spoken = (ms: number) => {
  const seconds = Math.round(ms / 1000);
  const m = Math.floor(seconds / 60);
  return m ? `${m} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;
};

export function recordingMarkdown(r: ExportRecording): string {
  const length = r.durationMs === null ? '' : ` · ${spoken(r.durationMs)}`;
  const transcript =
    r.status === 'no_speech' ? '_(No speech was heard in this recording.)_' : r.transcript;
  return `# ${oneLine(r.title ?? '') || 'Voice debrief'}\n\nRecorded ${readableTime(r.recordedAt)}${length} · transcribed ${readableTime(r.transcribedAt)}\n\n## Transcript\n\n${transcript}\n`;
}

export function readme(account: ExportAccount, exportedAt: string): string {
  return `# Your Pitchpad data

Exported ${readableTime(exportedAt)} for ${account.username} (${account.email}).

For people, in Markdown:

- profile.md: your account and your profile
- chats/: one file per chat, every message in order (with your edits of email replies)
- saved-items/: one file per item of your saved history
- edited-emails/: one file per email reply you edited, with the original beside it
- idea-analyses/: one file per idea analysis
- sales-kit.md and sales-kit/: your sales kit's files and the text read from each
- recordings/: one file per voice debrief, its transcript (the audio stays on your device)

For machines, in JSON: account.json, chats.json (each chat with its messages), saved-items.json,
edited-emails.json, idea-analyses.json, sales-kit.json, recordings.json, research.json (each
research on the web with the passages of the pages it read), share-links.json (the links you made
that still work, with who can open them and their views). Times are UTC (ISO 8601).

Chats and saved items you deleted are not included.
`;
}
