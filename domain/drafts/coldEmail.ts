import type { Answers } from '../playbooks/flow';

export interface EmailDraft {
  subject: string;
  body: string;
}

const firstLine = (text: string | undefined) => text?.split('\n').map((l) => l.trim()).find(Boolean) ?? '';

/** The first name in 'Dana Ortiz, VP Sales at Freightly', if the line starts with a name. */
function firstNameOf(recipient: string): string | undefined {
  const name = recipient.split(/[,(\-–—]| at /)[0]!.trim();
  const first = name.split(/\s+/)[0];
  return first && /^[A-Z][a-zA-Z'’-]+$/.test(first) && name.split(/\s+/).length <= 3 ? first : undefined;
}

/** A sentence from free text: trimmed, first letter capitalised, ending in a full stop. */
function sentence(text: string): string {
  const t = text.trim().replace(/\s+/g, ' ');
  if (!t) return t;
  const s = t[0]!.toUpperCase() + t.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}

/**
 * The offline drafter's cold email (design §5): composed from the rep's own answers with no model,
 * so it works with no signal. Honest by construction: it only says what the rep told it.
 */
export function draftColdEmail(answers: Answers): EmailDraft {
  const recipientLine = firstLine(answers.recipient_info);
  const name = recipientLine ? firstNameOf(recipientLine) : undefined;
  const offer = answers.value_prop?.trim();
  const link = answers.booking_link?.trim();
  const company = recipientLine.match(/ at ([^,.\n]+)/)?.[1]?.trim();
  const context = answers.recipient_info?.split('\n').slice(1).join(' ').trim() || recipientLine.split(',').slice(1).join(',').trim();

  const subject = offer ? `Idea for ${company ?? (name ? `you, ${name}` : 'your team')}` : `Quick question${company ? ` for ${company}` : ''}`;
  const paragraphs = [
    `Hi ${name ?? 'there'},`,
    context
      ? `I came across ${company ? `${company} and noticed` : 'your work and noticed'}: ${context.replace(/\.$/, '')}. That is usually when teams start looking for a better way to handle it.`
      : `I'm reaching out because teams like ${company ?? 'yours'} often tell us the same thing: the old way stops scaling.`,
    offer ? sentence(offer) : 'We help teams like yours get there faster, with less effort.',
    link
      ? `Would a 20-minute call next week be useful? You can pick a time that suits you here: ${link}`
      : 'Would a 20-minute call next week be useful? Just reply with a time that suits you.',
    'Best regards,',
  ];
  return { subject, body: paragraphs.join('\n\n') };
}

/** A mailto: link with the subject and body filled in ('Open in mail app'). */
export function mailtoLink(draft: EmailDraft, to = ''): string {
  return `mailto:${encodeURIComponent(to)}?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`;
}

/** The draft as the chat shows it. */
export function emailDraftMarkdown(draft: EmailDraft): string {
  return `**Subject:** ${draft.subject}\n\n${draft.body}`;
}
