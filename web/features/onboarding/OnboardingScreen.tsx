// oxlint-disable-next-line import/no-unassigned-import -- the screen's stylesheet, loaded with its chunk
import './onboarding.css';
import { IonButton, IonIcon } from '@ionic/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import {
  alertCircleOutline,
  chatbubblesOutline,
  createOutline,
  shareOutline,
} from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import { StorageKey, readString, writeString } from '../../data/storage';
import { useToast } from '../../ui/ToastProvider';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useAuth } from '../auth/auth.queries';
import { AnalysisResults } from './AnalysisResults';
import { AnalysingCard } from './AnalysingCard';
import {
  ANALYSIS_FAILED,
  analysisFailureMessage,
  deeperAnalysisPrompt,
  shareText,
} from './analysisText';
import {
  analysisKeys,
  analysisQueryOptions,
  useAnalyzeStartup,
  type SavedAnalysis,
} from './analysis.queries';
import { IdeaForm } from './IdeaForm';
import { IdeaWorksheetView } from './IdeaWorksheetView';
import { askToKeepGuestWorksheet } from './keptWorksheet';
import { useKeptWorksheet } from './useKeptWorksheet';
import { SaveAnalysisPrompt } from './SaveAnalysisPrompt';
import { shareAnalysis } from './shareAnalysis';
import { useDelayedFlag } from './useDelayedFlag';

/** How long a guest looks at the results before the save prompt. */
export const SAVE_PROMPT_DELAY_MS = 10_000;

/**
 * /onboarding: idea entry, analysing, results. A finished analysis is
 * opened by its id in the URL, so the results survive a reload and Saved History can reopen them.
 */
export function OnboardingScreen() {
  const { analysis: analysisId, start } = useSearch({ from: '/onboarding' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { user, isLoading: authLoading } = useAuth();
  const analyze = useAnalyzeStartup();
  const opened = useQuery({
    ...analysisQueryOptions(analysisId ?? 0),
    enabled: analysisId !== undefined,
  });
  // What is in the input: what the user typed, else the opened analysis's idea, else what the landing
  // page (or the last analysis) left in storage.
  const [draft, setDraft] = useState<string | null>(null);
  const [storedIdea] = useState(() => readString(StorageKey.startupIdea) ?? '');
  const idea = draft ?? opened.data?.idea ?? storedIdea;
  const [promptDismissed, setPromptDismissed] = useState(false);
  // With no model connected the server answers a worksheet instead (not stored on the server, so
  // not in the URL): the last one is kept on this device, and reopening the page shows it again.
  const owner = authLoading ? undefined : (user?.id ?? null);
  const { loaded: worksheetLoaded, kept, save: keepWorksheet } = useKeptWorksheet(owner);
  // 'New analysis' puts the kept worksheet aside for the idea form; it stays kept until replaced.
  const [formOpen, setFormOpen] = useState(false);
  const worksheet =
    kept && !formOpen && analysisId === undefined && !start && !analyze.isPending
      ? kept.worksheet
      : null;
  // Whether a worksheet was kept is not known yet (an account's is read from its database): the
  // page draws nothing there rather than the idea form for a moment.
  const waitingForKept =
    analysisId === undefined && !start && !formOpen && !analyze.isPending && !worksheetLoaded;
  useKeyboardInView();

  const result: SavedAnalysis | undefined =
    analysisId !== undefined && !analyze.isPending ? opened.data : undefined;
  const showPrompt = useDelayedFlag(
    Boolean(result) && !authLoading && !user && !promptDismissed,
    SAVE_PROMPT_DELAY_MS,
    analysisId,
  );

  const handleAnalyze = (text: string) => {
    writeString(StorageKey.startupIdea, text);
    analyze.mutate(text, {
      onSuccess: (response) => {
        if ('worksheet' in response) {
          // The same idea again keeps what was typed on its worksheet.
          const entries = kept?.worksheet.idea === response.worksheet.idea ? kept.entries : {};
          keepWorksheet({ worksheet: response.worksheet, entries });
          setFormOpen(false);
          return;
        }
        const { summary, analysisId: id } = response;
        // A model's analysis has its own address: the worksheet before it is not reopened.
        if (kept) keepWorksheet(null);
        queryClient.setQueryData(analysisKeys.one(id), { idea: text, summary });
        setPromptDismissed(false);
        void navigate({ to: '/onboarding', search: { analysis: id } });
      },
      onError: (error) =>
        toast({
          header: ANALYSIS_FAILED.header,
          message: analysisFailureMessage(error),
          color: 'danger',
        }),
    });
  };

  // Sent by the landing page's 'Analyze (without signing up)' (?start=true): the idea it stored is
  // analyzed at once. The flag leaves the address first, so Back or a reload never runs it again.
  const startedOnArrival = useRef(false);
  useEffect(() => {
    if (!start || startedOnArrival.current) return;
    startedOnArrival.current = true;
    void navigate({
      to: '/onboarding',
      search: analysisId === undefined ? {} : { analysis: analysisId },
      replace: true,
    });
    if (storedIdea.trim() && analysisId === undefined) handleAnalyze(storedIdea.trim());
  });

  const handleNewAnalysis = () => {
    if (opened.data) setDraft(opened.data.idea);
    if (worksheet) setDraft(worksheet.idea);
    setFormOpen(true);
    analyze.reset();
    void navigate({ to: '/onboarding' });
  };

  const handleShare = (shown: SavedAnalysis) =>
    shareWithToast('Startup idea analysis', shareText(shown.idea, shown.summary));

  const shareWithToast = async (title: string, text: string) => {
    const outcome = await shareAnalysis(title, text);
    if (outcome === 'copied')
      toast({
        header: 'Copied to clipboard',
        message: 'Paste the summary into a message to your co-founder.',
        color: 'success',
      });
    if (outcome === 'failed')
      toast({
        header: 'Could not copy',
        message: 'Your browser blocked the clipboard. Please try again.',
        color: 'danger',
      });
  };

  const handleExplore = (shown: SavedAnalysis) => {
    // The chat sends it as the first message.
    writeString(StorageKey.pendingMessage, deeperAnalysisPrompt(shown.idea, shown.summary));
    void navigate({ to: '/chat' });
  };

  // A guest keeps the worksheet in a free account: registering brings them back here, where the
  // account takes it in (keptWorksheet.ts).
  const handleKeep = () => {
    if (kept) askToKeepGuestWorksheet(kept);
    void navigate({
      to: '/auth/$tab',
      params: { tab: 'register' },
      search: { redirect: 'onboarding' },
    });
  };

  const handleSaved = (email: string) => {
    toast({
      header: 'Analysis saved',
      message: 'Create your free account to keep it.',
      color: 'success',
    });
    void navigate({
      to: '/auth/$tab',
      params: { tab: 'register' },
      search: { email, redirect: `onboarding?analysis=${analysisId}` },
    });
  };

  return (
    <>
      {/* With the save prompt up, the page can scroll its last lines out from under it. */}
      <Screen className={`onboarding${showPrompt ? ' onboarding--prompt' : ''}`}>
        <section className="page-intro">
          <p className="eyebrow">Idea analysis · free, no account needed</p>
          <h1>Build a Go-to-Market Plan</h1>
          {!result && !worksheet && (
            <p className="lede">
              Describe your startup. You get the market size, a sharper value proposition, a pricing
              suggestion and the YC checklist.
            </p>
          )}
        </section>

        {worksheet && kept ? (
          <>
            <IdeaRecap idea={worksheet.idea} onNew={handleNewAnalysis} />
            <IdeaWorksheetView
              key={`${owner}:${worksheet.idea}`}
              worksheet={worksheet}
              initialEntries={kept.entries}
              onEntriesChange={(entries) => keepWorksheet({ worksheet, entries })}
              onShare={(text) => void shareWithToast('Startup idea worksheet', text)}
              onKeep={owner === null ? handleKeep : undefined}
            />
          </>
        ) : waitingForKept ? null : result ? (
          <>
            <IdeaRecap idea={result.idea} onNew={handleNewAnalysis} />
            <AnalysisResults summary={result.summary} />
            <div className="analysis-actions">
              <IonButton fill="outline" expand="block" onClick={() => void handleShare(result)}>
                <IonIcon slot="start" icon={shareOutline} aria-hidden="true" />
                Share with co-founder
              </IonButton>
              <IonButton expand="block" onClick={() => handleExplore(result)}>
                <IonIcon slot="start" icon={chatbubblesOutline} aria-hidden="true" />
                Explore deeper analysis
              </IonButton>
            </div>
          </>
        ) : analysisId !== undefined && opened.isPending && !analyze.isPending ? (
          <AnalysingCard title="Opening your analysis…" />
        ) : analysisId !== undefined && opened.isError && !analyze.isPending ? (
          <section className="state-card" role="alert">
            <IonIcon
              icon={alertCircleOutline}
              color="danger"
              className="state-card__icon"
              aria-hidden="true"
            />
            <h2>This analysis could not be opened</h2>
            <p className="muted">{opened.error.message}</p>
            <IonButton onClick={handleNewAnalysis}>Start a new analysis</IonButton>
          </section>
        ) : (
          <>
            <IdeaForm
              idea={idea}
              onIdeaChange={setDraft}
              onSubmit={handleAnalyze}
              analysing={analyze.isPending}
              error={analyze.isError ? analysisFailureMessage(analyze.error) : null}
            />
            {analyze.isPending && <AnalysingCard title="Analyzing your idea…" steps />}
          </>
        )}
      </Screen>
      {showPrompt && (
        <SaveAnalysisPrompt onSaved={handleSaved} onDismiss={() => setPromptDismissed(true)} />
      )}
    </>
  );
}

/** The idea the results are about, with 'New analysis' to change it. */
function IdeaRecap({ idea, onNew }: { idea: string; onNew: () => void }) {
  return (
    <div className="idea-recap panel">
      <div className="idea-recap__head">
        <p className="idea-recap__label">Your idea</p>
        <IonButton fill="clear" size="small" onClick={onNew}>
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          New analysis
        </IonButton>
      </div>
      <p className="idea-recap__text">{idea}</p>
    </div>
  );
}
