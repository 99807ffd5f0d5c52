/** /competitive: the competitive intelligence tool. */
// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './competitive.css';
import { IonIcon } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import {
  alertCircleOutline,
  analyticsOutline,
  arrowBackOutline,
  bulbOutline,
  downloadOutline,
  refreshOutline,
  shareOutline,
  sparkles,
} from 'ionicons/icons';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { FormEvent, KeyboardEvent } from 'react';
import type { User } from '../../../domain/contract/auth';
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import {
  ANALYSIS_FAILED_TITLE,
  analyzeCompetitorsMessage,
  matrixToCsv,
} from '../../../domain/playbooks/competitive';
import { openUserDb } from '../../data/db';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useAuth } from '../auth/auth.queries';
import { NoModelNote } from '../settings/NoModelNotice';
import { capabilitiesQueryOptions, isOperator, useNoModel } from '../settings/modelStatus';
import { ComparisonMatrix } from './ComparisonMatrix';
import { CompetitorGrid } from './CompetitorGrid';
import { useCompetitorAnalysis } from './useCompetitorAnalysis';

// Loaded when first opened: the screen's own chunk stays as it was.
const ShareAnalysis = lazy(() =>
  import('./ShareAnalysis').then((module) => ({ default: module.ShareAnalysis })),
);

export function CompetitiveScreen() {
  const { user } = useAuth();
  if (!user) return null;
  return <Competitive key={user.id} user={user} />;
}

function Competitive({ user }: { user: User }) {
  const db = useMemo(() => openUserDb(user.id), [user.id]);
  const { workflow }: { workflow?: string } = useSearch({ strict: false });
  const navigate = useNavigate();
  const showWorkflow = useCallback(
    (id: string | undefined) =>
      void navigate({ to: '/competitive', search: id ? { workflow: id } : {}, replace: true }),
    [navigate],
  );
  const { state, description, setDescription, analyze, reset, editAgain } = useCompetitorAnalysis(
    db,
    workflow,
    showWorkflow,
  );
  // Research needs a model: without one the form says so before the tap, and Analyze waits for one.
  const noModel = useNoModel();
  useKeyboardInView();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!noModel) void analyze();
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter analyses (as in the chat); Shift+Enter makes a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!noModel) void analyze();
    }
  };

  return (
    <Screen className="competitive" width="wide" footer={false}>
      <Link to="/chat" className="competitive__back">
        <IonIcon icon={arrowBackOutline} aria-hidden="true" />
        Chat
      </Link>
      <header className="competitive__intro">
        <p className="eyebrow">PRO tool</p>
        <h1>Competitive Intelligence</h1>
        {(state.phase === 'idle' || state.phase === 'loading') && (
          <p className="lede">
            Name a product or a market. You get the main competitors, how they compare category by
            category, and where the gaps are.
          </p>
        )}
      </header>

      {state.phase === 'idle' && (
        <form className="competitive-form" onSubmit={handleSubmit} noValidate>
          <label htmlFor="competitive-description" className="competitive-form__label">
            Product or market to analyze
          </label>
          <textarea
            id="competitive-description"
            className="text-box competitive-form__input"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            onKeyDown={handleKeyDown}
            placeholder="e.g. Scheduling software for dental clinics in the US"
            rows={4}
            maxLength={4000}
            enterKeyHint="go"
          />
          {noModel && (
            <NoModelNote
              outcome="research"
              operator={isOperator(user)}
              id="competitive-no-model"
              className="competitive-form__no-model"
            />
          )}
          <button
            type="submit"
            className="pp-button pp-button--primary competitive-form__submit"
            disabled={noModel}
            aria-describedby={noModel ? 'competitive-no-model' : undefined}
          >
            <IonIcon icon={analyticsOutline} aria-hidden="true" />
            Analyze Competitors
          </button>
        </form>
      )}

      {state.phase !== 'idle' && state.phase !== 'loading' && (
        <UserAsk text={analyzeCompetitorsMessage(state.description)} />
      )}

      {state.phase === 'analysing' && (
        <div className="competitive-progress" role="status" aria-live="polite">
          <span className="pp-spinner" aria-hidden="true" />
          <div>
            <p className="competitive-progress__title">Analyzing competitors…</p>
            <p className="competitive-progress__hint">
              {state.progress.names.length
                ? `Found so far: ${state.progress.names.join(' · ')}`
                : 'Looking at the market. This takes a few seconds.'}
            </p>
          </div>
        </div>
      )}

      {state.phase === 'error' && (
        <div className="competitive-error" role="alert">
          <IonIcon
            icon={alertCircleOutline}
            aria-hidden="true"
            className="competitive-error__icon"
          />
          <div>
            <p className="competitive-error__title">{ANALYSIS_FAILED_TITLE}</p>
            <p className="competitive-error__message">{state.message}</p>
          </div>
          <div className="competitive-actions competitive-error__actions">
            <button
              type="button"
              className="pp-button pp-button--primary"
              onClick={() => void analyze()}
            >
              <IonIcon icon={refreshOutline} aria-hidden="true" />
              Try Again
            </button>
            <button type="button" className="pp-button" onClick={editAgain}>
              Edit description
            </button>
          </div>
        </div>
      )}

      {state.phase === 'result' && (
        <AnalysisResult
          analysis={state.analysis}
          onNewAnalysis={() => void reset()}
          share={
            workflow
              ? { userId: user.id, workflowId: workflow, description: state.description }
              : undefined
          }
        />
      )}
    </Screen>
  );
}

function UserAsk({ text }: { text: string }) {
  return (
    <div className="competitive-ask">
      <p className="competitive-ask__bubble">
        <span className="competitive-ask__text">{text}</span>
      </p>
      <span className="competitive-ask__avatar" aria-hidden="true">
        You
      </span>
    </div>
  );
}

function AnalysisResult({
  analysis,
  onNewAnalysis,
  share,
}: {
  analysis: CompetitorAnalysis;
  onNewAnalysis: () => void;
  /** The saved analysis on screen, which 'Share' makes a link to or a file of. */
  share?: { userId: number; workflowId: string; description: string };
}) {
  const { data: capabilities } = useQuery(capabilitiesQueryOptions);
  const [sharing, setSharing] = useState(false);
  return (
    <article className="competitive-result">
      <section className="competitive-summary">
        <span className="competitive-summary__icon" aria-hidden="true">
          <IonIcon icon={sparkles} />
        </span>
        <div>
          <h2 className="competitive-summary__topic">{analysis.topic}</h2>
          {analysis.summary && <p className="competitive-summary__text">{analysis.summary}</p>}
        </div>
      </section>
      <div className="competitive-actions">
        <button type="button" className="pp-button pp-button--primary" onClick={onNewAnalysis}>
          <IonIcon icon={refreshOutline} aria-hidden="true" />
          New Analysis
        </button>
        {analysis.comparison_matrix.length > 0 && (
          <button type="button" className="pp-button" onClick={() => downloadCsv(analysis)}>
            <IonIcon icon={downloadOutline} aria-hidden="true" />
            Export CSV
          </button>
        )}
        {share && (
          <button type="button" className="pp-button" onClick={() => setSharing(true)}>
            <IonIcon icon={shareOutline} aria-hidden="true" />
            Share
          </button>
        )}
      </div>
      {share && sharing && (
        <Suspense fallback={null}>
          <ShareAnalysis {...share} analysis={analysis} onClose={() => setSharing(false)} />
        </Suspense>
      )}

      <h2 className="competitive-heading">Competitors</h2>
      <CompetitorGrid
        competitors={analysis.competitors}
        lookUp={capabilities?.webSearch === true}
      />

      {analysis.comparison_matrix.length > 0 && (
        <>
          <h2 className="competitive-heading">Comparison</h2>
          <p className="competitive-legend" aria-label="Score colours">
            <span className="score score--green">8–10</span>
            <span className="score score--amber">5–7</span>
            <span className="score score--red">0–4</span>
          </p>
          <ComparisonMatrix analysis={analysis} />
        </>
      )}

      {analysis.insights.length > 0 && (
        <>
          <h2 className="competitive-heading">Insights</h2>
          <ul className="competitive-insights">
            {analysis.insights.map((insight) => (
              <li key={insight}>
                <IonIcon icon={bulbOutline} aria-hidden="true" />
                <span>{insight}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </article>
  );
}

/** The matrix as a CSV file, downloaded in the browser. */
function downloadCsv(analysis: CompetitorAnalysis): void {
  const blob = new Blob([matrixToCsv(analysis)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${
    analysis.topic
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'competitors'
  }-comparison.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
