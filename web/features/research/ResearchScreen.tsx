/**
 * /research?subject=&question=: look up a company or a person on the web before a call. The form
 * (filled when a brief's or the chat's 'Look it up' opened it), then the research kept on this
 * phone, newest first, which opens with no signal, and, online, what the rep researched on their
 * other devices.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './research.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { User } from '../../../domain/contract/auth';
import {
  RESEARCH_QUESTION_MAX,
  RESEARCH_SUBJECT_MAX,
} from '../../../domain/contract/researchBasics';
import { openUserDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { Screen } from '../../ui/Screen';
import { useOnline } from '../../ui/useOnline';
import { useAuth } from '../auth/auth.queries';
import { relativeTime } from '../chat/format';
import { useNow } from '../chat/useNow';
import { capabilitiesQueryOptions, isOperator } from '../settings/modelStatus';
import { allKeptResearch, sourcesCounted } from './keptResearch';
import { researchListQueryOptions, useResearch } from './research.queries';

export function ResearchScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <ResearchHome key={user.id} user={user} />;
}

function ResearchHome({ user }: { user: User }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const online = useOnline();
  const now = useNow();
  const navigate = useNavigate();
  const asked = useSearch({ strict: false }) as { subject?: string; question?: string };
  const [subject, setSubject] = useState(() => asked.subject?.slice(0, RESEARCH_SUBJECT_MAX) ?? '');
  const [question, setQuestion] = useState(
    () => asked.question?.slice(0, RESEARCH_QUESTION_MAX) ?? '',
  );
  const { data: capabilities } = useQuery(capabilitiesQueryOptions);
  const kept = useSafeLiveQuery(() => allKeptResearch(db), [db], []);
  const serverList = useQuery({ ...researchListQueryOptions(user.id), enabled: online });
  const research = useResearch(db, user.id);
  const subjectId = useId();
  const questionId = useId();
  const noEngine = capabilities?.webSearch === false;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!subject.trim()) return;
    research.mutate(
      { subject: subject.trim(), ...(question.trim() ? { question: question.trim() } : {}) },
      {
        onSuccess: (made) =>
          void navigate({ to: '/research/$researchId', params: { researchId: made.id } }),
      },
    );
  };

  const keptIds = new Set(kept?.map((r) => r.id));
  const elsewhere = (serverList.data ?? []).filter((r) => !keptIds.has(r.id));

  return (
    <Screen width="narrow" className="research-screen">
      <section className="page-intro">
        <h1>Research</h1>
        <p className="lede">
          Look up a company or a person on the web before a call. Every line says which page it
          comes from, and the research stays on this phone.
        </p>
      </section>

      {noEngine ? (
        <p className="callout">
          Research needs a web search engine, and none is connected yet.{' '}
          {isOperator(user) ? (
            <Link to="/settings/web-search">Connect one in Settings → Web search.</Link>
          ) : (
            'Whoever runs your Pitchpad can connect one in Settings → Web search.'
          )}
        </p>
      ) : (
        <form className="research-form" onSubmit={submit} aria-label="Research">
          <label htmlFor={subjectId}>Company or person</label>
          <input
            id={subjectId}
            className="text-box"
            value={subject}
            maxLength={RESEARCH_SUBJECT_MAX}
            placeholder="Freightly, or Dana Ortiz at Freightly"
            autoComplete="off"
            onChange={(event) => setSubject(event.target.value)}
          />
          <label htmlFor={questionId}>What do you want to know? (optional)</label>
          <input
            id={questionId}
            className="text-box"
            value={question}
            maxLength={RESEARCH_QUESTION_MAX}
            placeholder="Their news this year, before my call"
            autoComplete="off"
            onChange={(event) => setQuestion(event.target.value)}
          />
          <button
            type="submit"
            className="pp-button pp-button--primary"
            disabled={!online || research.isPending || subject.trim().length < 2}
          >
            {research.isPending ? 'Searching the web and reading the pages…' : 'Research'}
          </button>
          {!online && (
            <p className="muted" role="status">
              No signal: research needs the web. What you researched before opens below.
            </p>
          )}
          {research.isError && (
            <p className="form-error" role="alert">
              {research.error.message}
            </p>
          )}
        </form>
      )}

      <section className="research-kept" aria-labelledby="research-kept">
        <h2 id="research-kept" className="section-label">
          On this phone
        </h2>
        {kept?.length ? (
          <ul className="plain-list research-list">
            {kept.map((r) => (
              <ResearchLink
                key={r.id}
                id={r.id}
                subject={r.subject}
                madeAt={r.madeAt}
                sources={r.sources.length}
                now={now}
              />
            ))}
          </ul>
        ) : (
          <p className="muted">Research you make or open is kept here, to read with no signal.</p>
        )}
      </section>

      {elsewhere.length > 0 && (
        <section className="research-kept" aria-labelledby="research-elsewhere">
          <h2 id="research-elsewhere" className="section-label">
            From your other devices
          </h2>
          <ul className="plain-list research-list">
            {elsewhere.map((r) => (
              <ResearchLink
                key={r.id}
                id={r.id}
                subject={r.subject}
                madeAt={r.madeAt}
                sources={r.sourceCount}
                now={now}
              />
            ))}
          </ul>
        </section>
      )}
    </Screen>
  );
}

/** 'Freightly' over 'Researched 2 days ago · 3 sources': opens the research. */
function ResearchLink({
  id,
  subject,
  madeAt,
  sources,
  now,
}: {
  id: string;
  subject: string;
  madeAt: string;
  sources: number;
  now: number;
}) {
  return (
    <li>
      <Link to="/research/$researchId" params={{ researchId: id }} className="research-item">
        <span className="research-item__subject">{subject}</span>
        <span className="muted">
          {relativeTime(madeAt, now)} · {sourcesCounted(sources)}
        </span>
      </Link>
    </li>
  );
}
