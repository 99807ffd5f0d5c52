/** A running guided flow in the chat workspace: the flow's greeting, then one interview card at a time. */
// oxlint-disable-next-line import/no-unassigned-import -- the flows' stylesheet, loaded with the chat's chunk
import './flows.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { FLOWS, type Answers, type FlowType } from '../../../domain/playbooks';
import { api } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { forgetProAccess, useAuth } from '../auth/auth.queries';
import { AiAvatar } from '../chat/MessageItem';
import { HistoryPanel } from '../history/HistoryPanel';
import { NoModelNotice } from '../settings/NoModelNotice';
import { finishFlow, type FinishDeps } from './finishFlow';
import {
  VALUE_PROPS_DRAFT_NOTE,
  areDraftedValuePropositions,
} from '../../../domain/drafts/valuePropositions';
import { noModelOutcome } from './flowNoModel';
import { InterviewCard } from './InterviewCard';
import { useFlowSession } from './useFlowSession';
import { flowPrefill } from '../../routes/prefill';
import {
  isFromProfile,
  profileChangeOf,
  profileSummary,
  startProgress,
  stepView,
} from './flowMachine';
import { profileForFlow, saveToProfile } from './flowProfile';
import { useProfileValues } from '../profile/useProfile';
import { LookItUp } from '../research/LookItUp';
import { lookUpSubject } from '../../../domain/research/ask';
import { profileAnswerOf } from '../../../domain/playbooks/profileAnswers';

/**
 * The card while the flow's draft is read from the phone, drawn as the card draws its top, with no
 * field yet. The signed-in shell is drawn from it too, so a question is on screen before any script
 * runs and the card that replaces it keeps its place and size. Its words are the first question's
 * only where every rep is asked it (a profile answers none of the kind; the cold email's recipient):
 * a question the profile answers is skipped for a rep who has one. The counter waits for the card,
 * as how many steps are asked depends on the profile. A flow picked up at a later step changes the
 * words once it is read.
 */
function FirstStepPreview({ type }: { type: FlowType }) {
  const { question } = stepView(startProgress(type, null, null));
  const asked = !profileAnswerOf(type, question.id);
  return (
    <div className="interview-card interview-card--loading" aria-busy="true">
      <div className="interview-card__progress" aria-hidden="true" />
      <p className="interview-card__counter" aria-hidden="true">
        {'\u00a0'}
      </p>
      {asked && (
        <>
          <h2 className="interview-card__question">{question.question}</h2>
          <p className="interview-card__description">{question.description}</p>
        </>
      )}
    </div>
  );
}

interface FlowPanelProps {
  type: FlowType;
  db: PitchpadDb;
  userId: number;
  /** 'Show History' in the header: the saved history above the flow. */
  showHistory: boolean;
  send: FinishDeps['send'];
  openChat: FinishDeps['openChat'];
  model: string | undefined;
}

export function FlowPanel({
  type,
  db,
  userId,
  showHistory,
  send,
  openChat,
  model,
}: FlowPanelProps) {
  const toast = useToast();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const flow = FLOWS[type];
  const sender = useAuth().user?.name ?? undefined;
  const profile = useProfileValues(db);
  const onFinish = useCallback(
    (answers: Answers) =>
      finishFlow(type, answers, {
        db,
        api,
        send,
        toast,
        openChat,
        model,
        sender,
        profile,
        upgrade: () => void navigate({ to: '/pricing' }),
        lostPro: () => void forgetProAccess(queryClient),
        isOnline: () => navigator.onLine,
      }),
    [type, db, send, toast, openChat, model, sender, profile, navigate, queryClient],
  );
  const loadProfile = useCallback(() => profileForFlow(db), [db]);
  // Validation messages (a transcript under 50 characters) show inline on the card, not as a
  // native alert. Each belongs to the step it was raised on, and goes
  // once the answer changes.
  const [notice, setNotice] = useState<{ text: string; step: string | undefined } | null>(null);
  const step = useRef<string | undefined>(undefined);
  const raise = useCallback((text: string) => setNotice({ text, step: step.current }), []);
  // A reply's button that fills the first answer hands it over in the history entry's state (never
  // the address: Markdown.tsx). Taken into the draft once, then dropped from the entry (a new state),
  // so going back and forth does not fill it again over what the rep changed.
  const prefill = useRouterState({
    select: (s) => flowPrefill((s.location.state as { prefill?: unknown }).prefill),
  });
  const onPrefillTaken = useCallback(
    () => void navigate({ to: '.', search: { flow: type }, replace: true }),
    [navigate, type],
  );
  const deps = useMemo(
    () => ({ db, api, onFinish, alert: raise, prefill, onPrefillTaken, loadProfile, profile }),
    [db, onFinish, raise, prefill, onPrefillTaken, loadProfile, profile],
  );
  const session = useFlowSession(type, deps);
  useKeyboardInView();
  const stepId = session.view?.question.id;
  useLayoutEffect(() => {
    step.current = stepId;
  }, [stepId]);
  const { setAnswer } = session;
  const handleChange = useCallback(
    (value: string) => {
      setNotice(null);
      setAnswer(value);
    },
    [setAnswer],
  );

  return (
    <div className="flow-panel">
      <div className="flow-panel__inner">
        {showHistory && <HistoryPanel db={db} userId={userId} />}
        <div className="message message--assistant flow-panel__greeting">
          <AiAvatar />
          <div className="message__body">
            <p className="message__bubble">{flow.greeting}</p>
          </div>
        </div>
        {session.view && session.progress ? (
          <InterviewCard
            key={type}
            voice={{ db, flow: type }}
            view={session.view}
            status={session.status}
            options={session.progress.options}
            optionsNote={
              session.progress.options &&
              areDraftedValuePropositions(session.progress.options, session.progress.answers)
                ? VALUE_PROPS_DRAFT_NOTE
                : undefined
            }
            picked={session.picked}
            notice={notice && notice.step === stepId ? notice.text : null}
            onChange={handleChange}
            onSubmit={session.submit}
            onBack={session.back}
            onSkip={session.skip}
            onPick={session.pick}
            fromProfile={isFromProfile(session.progress, session.view.question.id)}
            profileChange={profileChangeOf(session.progress)}
            onSaveToProfile={(change) =>
              void saveToProfile(db, { [change.field]: change.value }).catch((error: unknown) =>
                console.warn('Could not save to the profile', error),
              )
            }
            profileSummary={profileSummary(session.progress)}
            onOpenStep={session.open}
            lookUp={
              session.view.question.lookUp && (
                <LookItUp
                  db={db}
                  userId={userId}
                  kind={session.view.question.lookUp}
                  subject={lookUpSubject(session.view.value, session.view.question.lookUp)}
                />
              )
            }
            footnote={
              noModelOutcome(type, session.view) && (
                <NoModelNotice
                  outcome={noModelOutcome(type, session.view)!}
                  className="interview-card__no-model"
                />
              )
            }
          />
        ) : (
          <FirstStepPreview type={type} />
        )}
      </div>
    </div>
  );
}
