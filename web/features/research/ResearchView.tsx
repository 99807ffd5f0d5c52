/**
 * /research/:researchId: one research, read on the phone before a call: what the pages say, each
 * sentence with the numbers of the pages it comes from, what no page confirmed, and the pages
 * themselves (their passages kept with the research, so each opens offline). It says when it was
 * made and how old that is; the rep can refresh it online.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the document-with-sources look it shares with a prep brief
import '../calendar/meetings.css';
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './research.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { Fragment, useEffect, useMemo, useState } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { Research, ResearchClaim } from '../../../domain/contract/research';
import { ApiError } from '../../data/api';
import { openUserDb } from '../../data/db';
import { useSafeLiveQuery } from '../../data/hooks/useSafeLiveQuery';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Screen } from '../../ui/Screen';
import { useOnline } from '../../ui/useOnline';
import { useAuth } from '../auth/auth.queries';
import { relativeTime } from '../chat/format';
import { useNow } from '../chat/useNow';
import { forgetResearch, keptResearch, sourcesCounted } from './keptResearch';
import { researchQueryOptions, useForgetResearch, useResearch } from './research.queries';

/** Research older than this says to refresh it before relying on it. */
const STALE_AFTER_MS = 30 * 24 * 3_600_000;

export function ResearchView() {
  const { user } = useAuth();
  const { researchId } = useParams({ strict: false }) as { researchId?: string };
  if (!user || !researchId) return null;
  return <ResearchPage key={`${user.id}:${researchId}`} user={user} id={researchId} />;
}

function ResearchPage({ user, id }: { user: User; id: string }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const online = useOnline();
  const now = useNow();
  const navigate = useNavigate();
  // undefined while the phone's copy is read; null when it has none.
  const kept = useSafeLiveQuery(() => keptResearch(db, id).then((r) => r ?? null), [db, id], null);
  const query = useQuery({ ...researchQueryOptions(db, user.id, id), enabled: kept !== undefined });
  const refresh = useResearch(db, user.id);
  const forget = useForgetResearch(user.id);
  const [confirming, setConfirming] = useState(false);
  // The newest of the phone's copy and the server's.
  const research = [
    kept ?? undefined,
    query.data,
    refresh.data?.id === id ? refresh.data : undefined,
  ]
    .filter((r): r is Research => r !== undefined)
    .reduce<Research | undefined>((a, b) => (!a || b.madeAt > a.madeAt ? b : a), undefined);

  // Gone from the account and this phone; with no signal, from this phone (the account keeps it).
  const remove = async () => {
    if (online) {
      try {
        await forget.mutateAsync(id);
      } catch (error) {
        // Gone from the account already (another device): forgotten here too. Anything else: kept,
        // and the dialog says why.
        if (!(error instanceof ApiError && error.status === 404)) return;
      }
    }
    await forgetResearch(db, id);
    setConfirming(false);
    void navigate({ to: '/research' });
  };

  // A refresh of a research the account no longer has makes a new one: open that.
  useEffect(() => {
    if (refresh.data && refresh.data.id !== id)
      void navigate({
        to: '/research/$researchId',
        params: { researchId: refresh.data.id },
        replace: true,
      });
  }, [refresh.data, id, navigate]);

  // A chat answer's source names a page by its address: open it below once the research is drawn.
  const { page } = useSearch({ strict: false }) as { page?: string };
  const pageN = research?.sources.find((source) => source.url === page)?.n;
  useEffect(() => {
    if (pageN === undefined) return;
    const entry = document.getElementById(`research-source-${pageN}`);
    const details = entry?.querySelector('details');
    if (details) details.open = true;
    entry?.scrollIntoView({ block: 'center' });
  }, [pageN]);

  return (
    <Screen width="narrow" className="research-screen">
      <p className="brief-screen__back">
        <Link to="/research">All research</Link>
      </p>
      <section className="page-intro">
        <h1>{research?.subject ?? 'Research'}</h1>
        {research && (
          <p className="lede">
            Researched {relativeTime(research.madeAt, now)} ·{' '}
            {sourcesCounted(research.sources.length)}
          </p>
        )}
      </section>
      {research ? (
        <>
          {now - Date.parse(research.madeAt) > STALE_AFTER_MS && (
            <p className="callout" role="status">
              This research is over a month old: refresh it before you rely on it.
            </p>
          )}
          <ResearchBody research={research} />
        </>
      ) : query.fetchStatus === 'paused' || (query.isError && !online) ? (
        <p className="callout" role="status">
          This research is not on this phone yet. It opens here once you are back online.
        </p>
      ) : query.isError ? (
        <p className="form-error" role="alert">
          The research could not be loaded: {query.error.message}
        </p>
      ) : (
        <p className="muted" role="status">
          Loading the research…
        </p>
      )}

      {refresh.isError && (
        <p className="form-error" role="alert">
          {refresh.error.message}
        </p>
      )}
      {research && (
        <div className="brief-actions">
          <button
            type="button"
            className="pp-button pp-button--ghost"
            disabled={!online || refresh.isPending}
            onClick={() =>
              refresh.mutate({
                subject: research.subject,
                ...(research.question ? { question: research.question } : {}),
                refresh: true,
              })
            }
          >
            {refresh.isPending ? 'Searching the web…' : 'Refresh'}
          </button>
          <button
            type="button"
            className="pp-button pp-button--ghost"
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title="Delete this research?"
        message={
          online
            ? 'It is deleted from your account and from this phone. You can research the company again at any time.'
            : 'No signal: it is deleted from this phone only; your account keeps it.'
        }
        pending={forget.isPending}
        error={forget.error?.message}
        cancelLabel="Keep it"
        confirmLabel="Delete"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void remove()}
      />
      {research && !online && (
        <p className="muted brief-actions__note">Refreshing research needs a connection.</p>
      )}
    </Screen>
  );
}

/** '[1]' after a sentence, per page it cites, each linking to that page's entry below. */
function Cites({ claim }: { claim: ResearchClaim }) {
  return claim.sources.map((n) => (
    <Fragment key={n}>
      {' '}
      <a
        className="brief-cite"
        href={`#research-source-${n}`}
        aria-label={`Source ${n}`}
        onClick={() => {
          const details = document.getElementById(`research-source-${n}`)?.querySelector('details');
          if (details) details.open = true;
        }}
      >
        [{n}]
      </a>
    </Fragment>
  ));
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });

function ResearchBody({ research }: { research: Research }) {
  return (
    <article className="brief" aria-label="Research">
      {research.question && <p className="muted">Asked: {research.question}</p>}
      {!research.madeWithModel && (
        <p className="callout">
          Not summarised: the pages found are below, with the passages that answer best.
        </p>
      )}

      {research.madeWithModel && (
        <section className="brief__part" aria-labelledby="research-found">
          <h2 id="research-found">What the pages say</h2>
          {research.claims.length ? (
            <ul className="brief-list">
              {research.claims.map((claim, i) => (
                <li key={i}>
                  {claim.text}
                  <Cites claim={claim} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">The pages read say nothing that could be confirmed.</p>
          )}
        </section>
      )}

      {research.unconfirmed.length > 0 && (
        <section className="brief__part" aria-labelledby="research-unconfirmed">
          <h2 id="research-unconfirmed">What we could not confirm</h2>
          <ul className="brief-list research-unconfirmed">
            {research.unconfirmed.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
        </section>
      )}

      <section className="brief__part" aria-labelledby="research-sources">
        <h2 id="research-sources">Sources</h2>
        <ol className="brief-sources">
          {research.sources.map((source) => (
            <li key={source.n} id={`research-source-${source.n}`}>
              <details>
                <summary>
                  {source.title}
                  <span className="muted">
                    {' '}
                    · {source.site} · read {dateOf(source.readAt)}
                    {source.publishedAt && ` · published ${dateOf(source.publishedAt)}`}
                  </span>
                </summary>
                <p className="brief-sources__text">{source.excerpt}</p>
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  Open the page
                </a>
              </details>
            </li>
          ))}
        </ol>
      </section>

      {research.notes.length > 0 && (
        <section className="brief__part" aria-labelledby="research-notes">
          <h2 id="research-notes">Notes</h2>
          <ul className="brief-list muted">
            {research.notes.map((note, i) => (
              <li key={i}>{note}</li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
