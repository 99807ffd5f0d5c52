/**
 * In the email editor, under the body: each fact the email states about the prospect and where it
 * comes from (a numbered page of the rep's research or a kit passage, the rep's own answers, the
 * rep's choice). A fact with no source is flagged with 'Keep' (the rep vouches for it) and 'Cut'
 * (taken out of the body). The '[1]' marks are the rep's alone: the email sent carries none.
 */
import { useId, useMemo, useRef, useState } from 'react';
import { factClaims, type CoachContext, type FactClaim } from '../../../domain/coach';
import type { MessageSource } from '../../../domain/contract/chat';
import { withoutCitations } from '../../../domain/research/citations';

/** The longest a fact is quoted in the list. */
const QUOTE_MAX = 160;

const quote = (claim: FactClaim) => {
  const text = withoutCitations(claim.text).trim();
  return text.length <= QUOTE_MAX ? text : `${text.slice(0, QUOTE_MAX - 1).trimEnd()}…`;
};

/** `body` with one fact taken out, and the space it leaves closed up. */
export function cutFact(body: string, claim: Pick<FactClaim, 'start' | 'end'>): string {
  const before = body.slice(0, claim.start).replace(/[ \t]+$/, '');
  const after = body.slice(claim.end).replace(/^[ \t]+/, '');
  const joined =
    before && after && !before.endsWith('\n') && !after.startsWith('\n')
      ? `${before} ${after}`
      : `${before}${after}`;
  return joined.replace(/\n{3,}/g, '\n\n');
}

interface EmailFactsProps {
  body: string;
  context: CoachContext;
  sources: readonly MessageSource[];
  onKeep: (claim: FactClaim) => void;
  onCut: (claim: FactClaim) => void;
}

export function EmailFacts({ body, context, sources, onKeep, onCut }: EmailFactsProps) {
  const headingId = useId();
  const section = useRef<HTMLElement>(null);
  // What the last Keep or Cut did, said to a screen reader (the buttons it pressed are gone).
  const [said, setSaid] = useState('');
  // Read once per settled body, not on every keystroke's render.
  const claims = useMemo(() => factClaims(body, context), [body, context]);
  if (!claims.length) return null;
  const done = (what: string) => {
    setSaid(what);
    section.current?.focus();
  };
  const who = context.company || context.recipientName?.split(/\s+/)[0] || 'them';
  const unsourced = claims.filter((claim) => claim.from === 'none').length;
  return (
    <section className="email-facts" aria-labelledby={headingId} ref={section} tabIndex={-1}>
      <h3 id={headingId} className="email-facts__title">
        Facts about {who}
      </h3>
      <p className="email-facts__intro muted">
        {unsourced
          ? `${unsourced === 1 ? 'One has' : `${unsourced} have`} no source: keep it only if you know it is true.`
          : 'Each says where it comes from.'}{' '}
        Marks like [1] stay here: the email you send has none.
      </p>
      <ul className="email-facts__list">
        {claims.map((claim, i) => (
          <li
            key={`${claim.start}:${claim.text}`}
            className={`email-facts__item email-facts__item--${claim.from}`}
          >
            <q className="email-facts__quote" id={`${headingId}-${i}`}>
              {quote(claim)}
            </q>
            <FactOrigin
              claim={claim}
              quoteId={`${headingId}-${i}`}
              sources={sources}
              onKeep={() => {
                onKeep(claim);
                done('Kept, with no source.');
              }}
              onCut={() => {
                onCut(claim);
                done('Cut from the email.');
              }}
            />
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {said}
      </p>
    </section>
  );
}

function FactOrigin({
  claim,
  quoteId,
  sources,
  onKeep,
  onCut,
}: {
  claim: FactClaim;
  /** The quoted fact, which names what its Keep and Cut act on. */
  quoteId: string;
  sources: readonly MessageSource[];
  onKeep: (claim: FactClaim) => void;
  onCut: (claim: FactClaim) => void;
}) {
  switch (claim.from) {
    case 'source':
      return (
        <ul className="email-facts__sources" aria-label="Sources">
          {claim.cited.map((n) => (
            <li key={n}>
              [{n}] {sources[n - 1]?.fileName ?? 'a source of this email'}
            </li>
          ))}
        </ul>
      );
    case 'notes':
      return <p className="email-facts__origin">From what you told the flow</p>;
    case 'kept':
      return <p className="email-facts__origin">Kept by you, with no source</p>;
    case 'yours':
      return <p className="email-facts__origin">Written by you</p>;
    case 'none':
      return (
        <div className="email-facts__unsourced">
          <p className="email-facts__origin email-facts__origin--none">No source</p>
          <div className="email-facts__actions">
            <button
              type="button"
              className="pp-button pp-button--ghost email-facts__button"
              aria-describedby={quoteId}
              onClick={() => onKeep(claim)}
            >
              Keep
            </button>
            <button
              type="button"
              className="pp-button pp-button--ghost email-facts__button"
              aria-describedby={quoteId}
              onClick={() => onCut(claim)}
            >
              Cut
            </button>
          </div>
        </div>
      );
  }
}
