/**
 * 'Your draft is ready': the notification shown when a queued send is delivered and
 * answered while no Pitchpad window is visible. What it says, and when it is shown, as pure
 * functions: the service worker and the pages (web/features/notifications/) share them.
 */
import { recipientName } from '../drafts/coldEmail';
import { COLD_EMAIL_NAME_START, COLD_EMAIL_NO_RECIPIENT } from '../playbooks/coldEmail';
import { FOLLOW_UP_NAME_START } from '../playbooks/followUp';
import type { PlaybookType } from '../playbooks/types';
import { withoutCitations } from '../research/citations';

/** What a guided flow produces, in the title's words: "Your <thing> is ready". */
const READY: Record<Exclude<PlaybookType, 'none' | 'email' | 'followup'>, string> = {
  playbook: 'Your sales pitch is ready',
  demo: 'Your customer personas are ready',
  call: 'Your call analysis is ready',
  objection: 'Your objection guide is ready',
  gtmplan: 'Your GTM plan is ready',
  crmnote: 'Your CRM note is ready',
};

/** Longest name or chat title quoted in a notification's title; the phone cuts the rest anyway. */
const MAX_NAME = 40;
/** Longest body: the reply's first line, about what a phone shows in two lines. */
const MAX_BODY = 100;

export interface DraftReadyInput {
  playbookType: PlaybookType;
  /** The chat's title ('Cold Email to Dana Ortiz at Freightly' for a cold email). */
  chatTitle: string;
  /**
   * An email's answer to who it is for (the cold email's 'Who are you writing to?', the follow-up's
   * 'Who is it going to?'), when the send carried its flow's answers.
   */
  recipientInfo?: string | undefined;
  /** The finished reply. */
  reply: string;
}

export interface DraftReadyText {
  title: string;
  body: string;
}

/** The notification's title and body for a finished reply. */
export function draftReadyText({
  playbookType,
  chatTitle,
  recipientInfo,
  reply,
}: DraftReadyInput): DraftReadyText {
  return {
    title: titleFor(playbookType, chatTitle, recipientInfo),
    // The reply's '[1]' marks point at its Sources, which a notification does not show.
    body: firstLine(withoutCitations(reply)),
  };
}

function titleFor(
  type: PlaybookType,
  chatTitle: string,
  recipientInfo: string | undefined,
): string {
  if (type === 'email') {
    const name =
      recipientInfo === undefined
        ? nameFromColdEmailTitle(chatTitle)
        : recipientName(recipientInfo);
    return name && name.length <= MAX_NAME
      ? `Your cold email to ${name} is ready`
      : 'Your cold email is ready';
  }
  if (type === 'followup') {
    const name =
      recipientInfo === undefined
        ? nameFromTitle(chatTitle, FOLLOW_UP_NAME_START)
        : recipientName(recipientInfo);
    return name && name.length <= MAX_NAME
      ? `Your follow-up email to ${name} is ready`
      : 'Your follow-up email is ready';
  }
  if (type !== 'none') return READY[type];
  const title = chatTitle.trim().replace(/\s+/g, ' ');
  return title ? `Your answer in "${cut(title, MAX_NAME)}" is ready` : 'Your answer is ready';
}

/**
 * The recipient's name from a cold email chat's title (domain/playbooks/coldEmail.ts
 * `coldEmailWorkflowName`: 'Cold Email to Dana Ortiz at Freightly'), without the company. A title
 * naming no one ('Cold Email to Contact', a role, a renamed chat) gives none.
 */
export function nameFromColdEmailTitle(title: string): string | undefined {
  return nameFromTitle(title, COLD_EMAIL_NAME_START);
}

/** The recipient's name from an email chat's title that starts with `start` ('Follow-up: Dana Ortiz at Freightly'). */
function nameFromTitle(title: string, start: string): string | undefined {
  const trimmed = title.trim();
  if (!trimmed.startsWith(start)) return undefined;
  const label = trimmed.slice(start.length).trim();
  if (!label || label === COLD_EMAIL_NO_RECIPIENT) return undefined;
  // The label is '<who> at <company>', '<who>' or '<company>': the name is a name (recipientName
  // tells one from a role or a company the same way the title was made).
  return recipientName(label.replace(/\s+at\s+.*$/i, ''));
}

/**
 * A debrief's transcript is back: 'Your debrief with Freightly is ready', its first
 * words as the body. A meeting with no name, or one too long for the title: 'Your debrief is ready'.
 */
export function debriefReadyText(meeting: string, transcript: string): DraftReadyText {
  const name = meeting.trim().replace(/\s+/g, ' ');
  return {
    title:
      name && name.length <= MAX_NAME
        ? `Your debrief with ${name} is ready`
        : 'Your debrief is ready',
    body: firstLine(transcript),
  };
}

/** The reply's first line of text, without Markdown marks, cut to MAX_BODY characters. */
export function firstLine(reply: string): string {
  for (const raw of reply.split('\n')) {
    const line = raw
      .replace(/^\s*(?:#{1,6}\s+|>\s*|[-*+]\s+|\d+[.)]\s+)*/, '')
      .replace(/\*\*|__|`/g, '')
      .replace(/\s+/g, ' ')
      .trim();
    if (line && !/^[-*_=]{3,}$/.test(line)) return cut(line, MAX_BODY);
  }
  return '';
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export interface ShouldNotifyInput {
  /** `Notification.permission` where the notification would be shown ('unsupported': no Notification at all). */
  permission: NotificationPermissionState;
  /** How many of the app's windows are visible right now (the service worker's clients). */
  visibleWindows: number;
  /** How the reply ended, as stored: only a complete one is 'ready'. */
  replyStatus: string | undefined;
}

export type NotificationPermissionState = 'default' | 'denied' | 'granted' | 'unsupported';

/**
 * Notify only for a complete reply, when the rep allowed it and no window shows the app (a visible
 * one shows the reply itself). A partial or failed reply is not 'ready': the chat says what went wrong.
 */
export function shouldNotify({
  permission,
  visibleWindows,
  replyStatus,
}: ShouldNotifyInput): boolean {
  return permission === 'granted' && visibleWindows === 0 && replyStatus === 'complete';
}

/** The page a tap on the notification opens: the chat (web/routes/chat.ts, ?chat=<id>). */
export function chatPath(chatId: string): string {
  return `/chat?chat=${encodeURIComponent(chatId)}`;
}
