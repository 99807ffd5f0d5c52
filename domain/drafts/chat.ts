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
import { NO_MODEL_TEXT } from '../contract/noModel';
import type { PromptPassage } from '../profile/promptBlock';
import { answerFromWhatTheRepHas, type FoundAnswer, type WhatTheRepHas } from './kitAnswer';

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

const FREE_NOW = `Free right now: ${button(WORKSHEET.label, WORKSHEET.path)}`;
/** Said when nothing the rep has answers a message: once, plainly, before the flows on offer. */
const NOTHING_MATCHED = `${NO_MODEL_TEXT}, and nothing in your sales kit, Pitchpad’s objection library or your profile matches this.`;

/** 'a, b and c'. */
const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

/**
 * The flow that would write what the rep asked, as a button, after an answer from what they have:
 * the cold email to the person they named, the objection guide for a prospect's pushback, the flow
 * they asked for, or else a cold email. A free user is told plainly that it is a Pro tool instead.
 */
function flowAfterAnswer(
  asked: (typeof DRAFTS)[number] | undefined,
  recipient: string | undefined,
  found: FoundAnswer,
  pro: boolean,
): string[] {
  const flow =
    (recipient ? DRAFTS[0] : undefined) ??
    (found.pushback ? DRAFTS.find((d) => d.type === 'objection') : undefined) ??
    asked;
  // Nothing the rep has answered it (only what the profile lacks was said): every flow on offer.
  if (!flow && !found.from.length) return everyFlow(pro);
  if (!flow && pro) return [button('Draft it as a cold email', flowPath('email'))];
  const tool = flow ?? DRAFTS[0]!;
  if (!pro)
    return [
      `${tool.many} are a **Pro** tool: Pitchpad drafts them from your answers, even without a model.`,
      button('See Pro', PRO_PATH),
    ];
  if (recipient)
    return [
      'I’ll draft the email from your answers: three quick questions, with the recipient filled in.',
      button(
        `Write the cold email to ${recipientLabel(recipient) ?? recipient}`,
        flowPath('email', recipient),
      ),
    ];
  if (tool.type === 'objection') return [button('Build an objection guide', flowPath('objection'))];
  return [button(`Start ${tool.one}`, flowPath(tool.type))];
}

/** What the drafter makes right now, as buttons; for a free user, the free tools and which are Pro. */
function everyFlow(pro: boolean): string[] {
  if (!pro)
    return [
      FREE_NOW,
      'Cold emails, objection guides, personas and GTM plans are **Pro** tools.',
      button('See Pro', PRO_PATH),
    ];
  return [
    'Drafted from your answers right now:',
    [
      ...DRAFTS.map((d) => button(d.label, flowPath(d.type))),
      button(WORKSHEET.label, WORKSHEET.path),
    ].join(' '),
  ];
}

/**
 * The drafter's answer to a chat message with no model: what the rep has that answers it (the
 * passages of their sales kit, quoted and cited [1], [2]; Pitchpad's objection library for a
 * prospect's pushback; their profile for a question about their own company), then the flow that
 * would write it, as a button. 'No model' is said once, in the first line. Where nothing matches,
 * it says so and offers what works now. 'Write a cold email to Dana Ortiz at Freightly' becomes a
 * button that opens the cold email flow with the recipient filled in. A free user is offered what
 * the free plan has, and told plainly which tools are Pro, never sent to a locked one.
 */
export function offlineChatAnswer(message: string, pro: boolean, have: WhatTheRepHas = {}): string {
  const recipient = emailRecipientFrom(message);
  const asked = recipient ? DRAFTS[0] : DRAFTS.find((d) => d.asks.test(message));
  const found = answerFromWhatTheRepHas(message, have);
  if (found.sections.length)
    return [
      found.from.length
        ? `${NO_MODEL_TEXT}, so this is from ${listed(found.from)}.`
        : `${NO_MODEL_TEXT}, and nothing in your sales kit matches this.`,
      ...found.sections,
      ...flowAfterAnswer(asked, recipient, found, pro),
    ].join('\n\n');
  if (!pro && asked) {
    return [
      `${NO_MODEL_TEXT}. ${asked.many} are a **Pro** tool: Pitchpad drafts them from your answers, even without a model.`,
      FREE_NOW,
      button('See Pro', PRO_PATH),
    ].join('\n\n');
  }
  if (!asked && WORKSHEET.asks.test(message))
    return [
      `${NOTHING_MATCHED} The idea worksheet works it out with your own numbers.`,
      button('Open the idea worksheet', WORKSHEET.path),
    ].join('\n\n');
  if (!pro) return [NOTHING_MATCHED, ...everyFlow(pro)].join('\n\n');
  if (asked && recipient) {
    return [
      `${NO_MODEL_TEXT}, so I’ll draft it from your answers: three quick questions, with the recipient filled in.`,
      button(
        `Write the cold email to ${recipientLabel(recipient) ?? recipient}`,
        flowPath('email', recipient),
      ),
    ].join('\n\n');
  }
  if (asked)
    return [
      `${NO_MODEL_TEXT}, so I’ll draft ${asked.one} from your answers.`,
      button(`Start ${asked.one}`, flowPath(asked.type)),
    ].join('\n\n');
  return [NOTHING_MATCHED, ...everyFlow(pro)].join('\n\n');
}

/**
 * The offline drafter's answer to a chat message. A finished flow's answers become a draft (cold
 * or follow-up email, persona sheet, objection guide, GTM plan, CRM note), a call review worksheet (call analysis) or a
 * sales pitch outline (value proposition), each saying what it is. Anything else gets offlineChatAnswer: the answer
 * from what the rep has (`passages` of their kit, quoted as the reply's sources in this order, and
 * the `profile`), and the flow that would write it. A cold email takes what its answers leave out
 * from the rep's `profile` (the signature, the booking link, the value proposition) and signs with
 * `sender`, the rep's account name, when the profile names no one.
 */
export function draftChatReply(
  type: PlaybookType,
  message: string,
  answers?: Answers,
  sender?: string,
  pro = false,
  profile?: ProfileValues,
  passages?: readonly PromptPassage[],
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
  return offlineChatAnswer(message, pro, { profile, passages });
}
