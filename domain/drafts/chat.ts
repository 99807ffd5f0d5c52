import type { ProfileValues } from '../contract/profile';
import type { PlaybookType } from '../playbooks/types';
import type { Answers, FlowType } from '../playbooks/flow';
import { PREFILL_MAX_CHARS } from '../limits';
import { emailDraftMarkdown, recipientLabel } from './coldEmail';
import { draftGtmPlan, draftedPlanMarkdown } from './gtmPlan';
import { draftCallReview } from './callReview';
import { draftCrmNote } from './crmNote';
import { draftFlowEmail } from './flowEmail';
import { isEmailFlow } from '../playbooks/emailFlows';
import { draftObjectionGuide, draftPersonaSheet } from './guides';
import { draftPitchOutline } from './pitchOutline';

/**
 * The in-app path that opens a guided flow, with its first answer filled in when given
 * (`/chat?flow=email&prefill=Dana%20Ortiz%20at%20Freightly`). Parentheses are escaped too, so the
 * path is safe inside a Markdown link. The link is the reply's; the app draws it as a button that
 * opens `/chat?flow=email` and hands the answer over out of the address (web Markdown.tsx).
 */
export function flowPath(type: FlowType, prefill?: string): string {
  const text = prefill?.trim().slice(0, PREFILL_MAX_CHARS);
  const encoded = text ? encodeURIComponent(text).replace(/\(/g, '%28').replace(/\)/g, '%29') : '';
  return `/chat?flow=${type}${encoded ? `&prefill=${encoded}` : ''}`;
}

/** What the drafter can make without a model, as buttons (in-app Markdown links), in the order offered. */
const DRAFTS: ReadonlyArray<{
  type: FlowType;
  label: string;
  one: string;
  many: string;
  asks: RegExp;
}> = [
  {
    type: 'email',
    label: 'Cold email',
    one: 'a cold email',
    many: 'Cold emails',
    asks: /\b(?:cold\s+)?e-?mails?\b|\boutreach\b/i,
  },
  {
    type: 'objection',
    label: 'Objection guide',
    one: 'an objection guide',
    many: 'Objection guides',
    asks: /\bobjections?\b|\bpush\s?back\b/i,
  },
  {
    type: 'gtmplan',
    label: 'GTM plan',
    one: 'a GTM plan',
    many: 'GTM plans',
    asks: /\b(?:gtm|go[\s-]to[\s-]market)\b(?:\s+\w+)?\s+plan\b/i,
  },
  {
    type: 'demo',
    label: 'Customer personas',
    one: 'customer personas',
    many: 'Customer personas',
    asks: /\bpersonas?\b|\bideal customer\b|\bicp\b/i,
  },
];
const WORKSHEET = {
  label: 'Idea worksheet',
  path: '/onboarding',
  asks: /\bidea\b|\bmarket size\b|\btam\b|\bpricing\b|\byc\b/i,
};
const PRO_PATH = '/pricing';

const button = (label: string, path: string) => `[${label.replace(/[[\]]/g, '')}](${path})`;

/**
 * Who a 'write a cold email to …' message is for: the words after 'to', up to what the email is
 * about ('Dana Ortiz at Freightly' from 'write a cold email to Dana Ortiz at Freightly about our
 * pilot'). Undefined when the message names nobody.
 */
export function emailRecipientFrom(message: string): string | undefined {
  const to =
    message.match(/\be-?mail\b.*?\bto\s+(.+)$/is)?.[1] ??
    message.match(/\b(?:write|email|e-mail|message)\s+to\s+(.+)$/is)?.[1];
  const who = to
    ?.split(
      /\s+(?:about|regarding|re:|saying|offering|pitching|introducing|asking|to\s+(?:book|ask|set|pitch|introduce|offer|sell|get|see))\b/i,
    )[0]!
    .replace(/[\s.,;:!?]+$/, '')
    .trim();
  return who &&
    who.length <= PREFILL_MAX_CHARS &&
    !/^(?:me|us|them|him|her|you|someone|a prospect|prospects|customers?)$/i.test(who)
    ? who
    : undefined;
}

const NO_MODEL = 'No AI model is connected yet, so I can’t answer open questions.';
const FREE_NOW = `Free right now: ${button(WORKSHEET.label, WORKSHEET.path)}`;

/**
 * The drafter's answer to a chat message with no model: short, phone-sized, and made of what works
 * now, as buttons. 'Write a cold email to Dana Ortiz at Freightly' becomes a button that opens the
 * cold email flow with the recipient filled in. A free user is offered what the free plan has, and
 * told plainly which tools are Pro, never sent to a locked one.
 */
export function offlineChatAnswer(message: string, pro: boolean): string {
  const asked = DRAFTS.find((d) => d.asks.test(message));
  if (!pro && asked) {
    return [
      `No AI model is connected yet. ${asked.many} are a **Pro** tool: Pitchpad drafts them from your answers, even without a model.`,
      FREE_NOW,
      button('See Pro', PRO_PATH),
    ].join('\n\n');
  }
  if (!asked && WORKSHEET.asks.test(message))
    return [
      `${NO_MODEL} The idea worksheet works it out with your own numbers.`,
      button('Open the idea worksheet', WORKSHEET.path),
    ].join('\n\n');
  if (!pro)
    return [
      NO_MODEL,
      FREE_NOW,
      'Cold emails, objection guides, personas and GTM plans are **Pro** tools.',
      button('See Pro', PRO_PATH),
    ].join('\n\n');
  const recipient = asked?.type === 'email' ? emailRecipientFrom(message) : undefined;
  if (asked && recipient) {
    return [
      'No AI model is connected, so I’ll draft it from your answers: three quick questions, with the recipient filled in.',
      button(
        `Write the cold email to ${recipientLabel(recipient) ?? recipient}`,
        flowPath('email', recipient),
      ),
    ].join('\n\n');
  }
  if (asked)
    return [
      `${NO_MODEL} I can draft ${asked.one} from your answers instead.`,
      button(`Start ${asked.one}`, flowPath(asked.type)),
    ].join('\n\n');
  return [
    NO_MODEL,
    'Drafted from your answers right now:',
    [
      ...DRAFTS.map((d) => button(d.label, flowPath(d.type))),
      button(WORKSHEET.label, WORKSHEET.path),
    ].join(' '),
  ].join('\n\n');
}

/**
 * The offline drafter's answer to a chat message. A finished flow's answers become a draft (cold
 * or follow-up email, persona sheet, objection guide, GTM plan, CRM note), a call review worksheet (call analysis) or a
 * sales pitch outline (value proposition), each saying what it is. Anything else gets offlineChatAnswer: what works
 * now, as buttons. A cold email takes what its answers leave out from the rep's `profile` (the
 * signature, the booking link, the value proposition) and signs with `sender`, the rep's account
 * name, when the profile names no one.
 */
export function draftChatReply(
  type: PlaybookType,
  message: string,
  answers?: Answers,
  sender?: string,
  pro = false,
  profile?: ProfileValues,
): string {
  if (answers) {
    if (isEmailFlow(type))
      return `${emailDraftMarkdown(draftFlowEmail(type, answers, sender, profile))}

_Offline draft, composed from your answers._`;
    if (type === 'demo') return draftPersonaSheet(answers);
    if (type === 'objection') return draftObjectionGuide(answers);
    if (type === 'gtmplan') return draftedPlanMarkdown(draftGtmPlan(answers));
    if (type === 'call') return draftCallReview(answers);
    if (type === 'playbook') return draftPitchOutline(answers);
    if (type === 'crmnote') return draftCrmNote(answers);
  }
  return offlineChatAnswer(message, pro);
}
