/**
 * 'Look it up' on a flow's step that names a company or a person (the cold email's "Who are you
 * writing to?", the objection guide's "Who do they compare you with?"): research them on the web
 * now, so the result cites what the pages say instead of what the model remembers. Research already kept for them is said, with its age, and used as it is
 * (the server finds it by the answer's words); 'Look it up again' refreshes it. Nothing shows on a
 * server with no search engine: the flow runs as it always did.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { subjectKey } from '../../../domain/contract/researchBasics';
import type { PitchpadDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { useDebounced } from '../../ui/useDebounced';
import { useOnline } from '../../ui/useOnline';
import { relativeTime } from '../chat/format';
import { useNow } from '../chat/useNow';
import { capabilitiesQueryOptions } from '../settings/modelStatus';
import { allKeptResearch, sourcesCounted } from './keptResearch';
import { useResearch } from './research.queries';

/** How long the answer must stay the same before its subject is read. */
const SUBJECT_SETTLE_MS = 400;

/** What the research asks the pages, for each kind of step, and what then cites it. */
const LOOK_UP: Record<'recipient' | 'competitor', { question: string; cites: string }> = {
  recipient: {
    question:
      'What is new and specific about them that a first email could mention: news, funding, hiring, launches, people?',
    cites: 'the email cites',
  },
  competitor: {
    question: 'What do they sell, to whom, at what price, and what do their customers say?',
    cites: 'the guide cites',
  },
};

export function LookItUp({
  db,
  userId,
  subject: typed,
  kind,
}: {
  db: PitchpadDb;
  userId: number;
  /** Who the answer names ('Freightly'), or nothing yet. */
  subject: string | undefined;
  /** Whom the step names: an email's recipient, or a competitor. */
  kind: 'recipient' | 'competitor';
}) {
  const { question, cites } = LOOK_UP[kind];
  // Who the answer names once the typing pauses: not re-read (nor re-said) on every keystroke.
  const subject = useDebounced(typed, SUBJECT_SETTLE_MS);
  const id = useId();
  const online = useOnline();
  const now = useNow();
  const { data: capabilities } = useQuery(capabilitiesQueryOptions);
  const research = useResearch(db, userId);
  const key = subject ? subjectKey(subject) : '';
  const kept = useSafeLiveQuery(
    async () =>
      key ? (await allKeptResearch(db)).find((r) => subjectKey(r.subject) === key) : undefined,
    [db, key],
    undefined,
  );
  if (!subject || capabilities?.webSearch !== true) return null;
  const made = research.data && subjectKey(research.data.subject) === key ? research.data : kept;
  const lookUp = (refresh: boolean) =>
    research.mutate({ subject, question, ...(refresh ? { refresh: true } : {}) });
  const pending = research.isPending && research.variables?.subject === subject;

  return (
    <div className="look-it-up">
      {/* One status line, said as it changes: what it offers, that it is looking, what it found. */}
      <p className="look-it-up__status" id={`${id}-why`} role="status">
        {pending ? (
          `Looking up ${subject} on the web…`
        ) : made ? (
          <>
            Research on {made.subject}, {relativeTime(made.madeAt, now)}: {cites} its{' '}
            {sourcesCounted(made.sources.length)}.{' '}
            <Link to="/research/$researchId" params={{ researchId: made.id }}>
              Read it
            </Link>
            {!online && ' Looking it up again needs a signal.'}
          </>
        ) : online ? (
          `Look ${subject} up on the web first, and ${cites} what the pages say.`
        ) : (
          `Looking ${subject} up needs a signal.`
        )}
      </p>
      {!pending && (
        <button
          type="button"
          className="pp-button pp-button--ghost look-it-up__button"
          disabled={!online}
          aria-describedby={`${id}-why`}
          onClick={() => lookUp(Boolean(made))}
        >
          {made ? 'Look it up again' : 'Look it up'}
        </button>
      )}
      {research.error && !pending && (
        <p className="look-it-up__error" role="alert">
          {research.error.message}
        </p>
      )}
    </div>
  );
}
