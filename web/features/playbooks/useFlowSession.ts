/**
 * A running guided flow: its progress read from and written to the drafts table as the user types
 * (so a flow left half-way reopens at the same step), the step commands the interview card calls,
 * and the value proposition's generated options. Finishing is handed to `onFinish`.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Answers, FlowType } from '../../../domain/playbooks';
import {
  FALLBACK_VALUE_PROPS,
  VALUE_PROP_PICK_DELAY_MS,
  buildValuePropsPrompt,
  parseValueProps,
} from '../../../domain/playbooks/valueProposition';
import type { ValuePropsResponse } from '../../../domain/contract/chat';
import { ErrorCode } from '../../../domain/contract/errors';
import { draftValuePropositions } from '../../../domain/drafts/valuePropositions';
import { ApiError, OfflineError, type ApiClient } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { resumeFlow, saveFlowAnswer, saveFlowOptions, saveFlowStep } from './flowDrafts';
import type { ProfileValues } from '../../../domain/contract/profile';
import {
  goBack,
  openStep,
  pickOption,
  skipToResult,
  stepView,
  submitStep,
  withAnswer,
  withPrefill,
  withProfile,
  type FlowProgress,
  type StepResult,
} from './flowMachine';

/** ready: answering · generating: value propositions on their way · finishing: the result is being made. */
export type FlowStatus = 'loading' | 'ready' | 'generating' | 'finishing';

export interface FlowSessionDeps {
  db: PitchpadDb;
  api: Pick<ApiClient, 'post'>;
  /** Makes the flow's result; the draft is cleared by it once the result is safe. */
  onFinish: (answers: Answers) => Promise<void>;
  /** Validation messages (e.g. a transcript under 50 characters). */
  alert: (message: string) => void;
  /** The first answer a reply's button filled in (history state, never the address), taken once when the flow opens. */
  prefill?: string;
  /** Called once the prefilled answer is in the draft, so the link's text can leave the address. */
  onPrefillTaken?: () => void;
  /** The rep's profile as the flow opens (it fills the steps it answers); none for no profile. */
  loadProfile?: () => Promise<ProfileValues | undefined>;
  /** The profile as it is now (live): a change fills the steps still showing its earlier answers. */
  profile?: ProfileValues | undefined;
}

/**
 * The generated options: the model's list parsed; with no model (the server's offline drafter, or
 * no connection at all) three framings of the rep's own answers; three generic ones when
 * the model's call fails, so the rep can always go on.
 */
export async function generateValueProps(
  api: Pick<ApiClient, 'post'>,
  answers: Answers,
): Promise<string[]> {
  try {
    const response = await api.post<Partial<ValuePropsResponse>>('/api/chat/value-props', {
      prompt: buildValuePropsPrompt(answers),
      answers,
    });
    if (response.source === 'offline-drafter' && response.propositions?.length)
      return response.propositions;
    const { content } = response;
    return parseValueProps(typeof content === 'string' ? content : '');
  } catch (error) {
    if (
      error instanceof OfflineError ||
      (error instanceof ApiError && error.code === ErrorCode.noModel)
    )
      return draftValuePropositions(answers);
    console.error('Value propositions could not be generated; offering generic ones', error);
    return [...FALLBACK_VALUE_PROPS];
  }
}

export function useFlowSession(type: FlowType, deps: FlowSessionDeps) {
  const { db } = deps;
  // The latest callbacks, without restarting the session when a caller passes new ones.
  const latest = useRef(deps);
  useLayoutEffect(() => {
    latest.current = deps;
  });
  const [stored, setProgress] = useState<FlowProgress | null>(null);
  // The profile read from the server after the flow opened, or edited elsewhere: the steps still
  // showing its earlier answers follow it (the next command keeps them in the state).
  const { profile } = deps;
  const progress = useMemo(
    () => (stored && profile ? withProfile(stored, profile) : stored),
    [stored, profile],
  );
  const [status, setStatus] = useState<FlowStatus>('loading');
  /** The option just picked, highlighted during the 500 ms before the flow moves on. */
  const [picked, setPicked] = useState<string | null>(null);
  // The progress the commands act on: what is on screen (commands run after the render that showed it).
  const current = useRef<FlowProgress | null>(null);
  const alive = useRef(true);
  useLayoutEffect(() => {
    current.current = progress;
  }, [progress]);

  const generate = useCallback(
    async (from: FlowProgress) => {
      setStatus('generating');
      const options = await generateValueProps(latest.current.api, from.answers);
      if (!alive.current) return;
      void saveFlowOptions(db, type, options).catch(() => {});
      setProgress((p) => (p ? { ...p, options } : p));
      setStatus('ready');
    },
    [db, type],
  );

  useEffect(() => {
    alive.current = true;
    let cancelled = false;
    Promise.resolve(latest.current.loadProfile?.())
      .catch((error: unknown) => console.warn('Could not read the profile', error))
      .then((values) => resumeFlow(db, type, values ?? undefined))
      .then((saved) => {
        if (cancelled) return;
        const resumed = withPrefill(saved, latest.current.prefill);
        if (resumed !== saved) {
          for (const [id, value] of Object.entries(resumed.answers))
            if (saved.answers[id] !== value)
              void saveFlowAnswer(db, type, id, value).catch(() => {});
          void saveFlowStep(db, type, resumed.stepId).catch(() => {});
          latest.current.onPrefillTaken?.();
        }
        setProgress(resumed);
        setStatus('ready');
        // Left on the last value-proposition step before its options arrived: fetch them again.
        if (stepView(resumed).control === 'generated' && !resumed.options) void generate(resumed);
      })
      .catch((error: unknown) => {
        console.warn('Could not read the flow draft', error);
        if (!cancelled) {
          setProgress({ type, answers: {}, stepId: null, options: null });
          setStatus('ready');
        }
      });
    return () => {
      cancelled = true;
      alive.current = false;
    };
  }, [db, type, generate]);

  const finish = useCallback(async (answers: Answers) => {
    setStatus('finishing');
    try {
      await latest.current.onFinish(answers);
    } finally {
      if (alive.current) setStatus('ready');
    }
  }, []);

  /** Apply a step result: move (saving the answers and the step), alert, generate or finish. */
  const apply = useCallback(
    (result: StepResult, before: FlowProgress) => {
      switch (result.kind) {
        case 'alert':
          latest.current.alert(result.message);
          return;
        case 'move':
        case 'generate': {
          const next = result.progress;
          for (const [id, value] of Object.entries(next.answers))
            if (before.answers[id] !== value)
              void saveFlowAnswer(db, type, id, value).catch(() => {});
          void saveFlowStep(db, type, next.stepId).catch(() => {});
          setProgress(next);
          if (result.kind === 'generate') void generate(next);
          return;
        }
        case 'finish':
          void finish(result.answers);
          return;
        default:
      }
    },
    [db, type, generate, finish],
  );

  const busy = status !== 'ready';

  /** The answer as typed (or chosen, for a select): kept at once and saved as typed. */
  const setAnswer = useCallback(
    (value: string) => {
      const p = current.current;
      if (!p || status === 'finishing') return;
      const { question } = stepView(p);
      setProgress(withAnswer(p, question.id, value));
      void saveFlowAnswer(db, type, question.id, value).catch(() => {});
    },
    [db, type, status],
  );

  const submit = useCallback(() => {
    const p = current.current;
    // Any submission is blocked while a request is loading, so no step is sent twice.
    if (p && !busy) apply(submitStep(p), p);
  }, [apply, busy]);

  const back = useCallback(() => {
    const p = current.current;
    if (p && !busy) apply(goBack(p), p);
  }, [apply, busy]);

  const skip = useCallback(() => {
    const p = current.current;
    if (p && !busy) apply(skipToResult(p), p);
  }, [apply, busy]);

  /** Open a step the profile answered (from the summary), to read or change it. */
  const open = useCallback(
    (questionId: string) => {
      const p = current.current;
      if (!p || busy) return;
      const next = openStep(p, questionId);
      void saveFlowStep(db, type, next.stepId).catch(() => {});
      setProgress(next);
    },
    [busy, db, type],
  );

  /** A card, or one of the generated value propositions (ignored while loading or generating). */
  const pick = useCallback(
    (value: string) => {
      const p = current.current;
      if (!p || busy || picked !== null) return;
      const view = stepView(p);
      if (view.control === 'generated') {
        // Picking waits 500 ms, so the choice is seen to land, then finishes.
        setPicked(value);
        const chosen = withAnswer(p, view.question.id, value);
        setProgress(chosen);
        void saveFlowAnswer(db, type, view.question.id, value).catch(() => {});
        setTimeout(() => {
          if (!alive.current) return;
          setPicked(null);
          apply(pickOption(p, value), p);
        }, VALUE_PROP_PICK_DELAY_MS);
        return;
      }
      apply(pickOption(p, value), p);
    },
    [apply, busy, db, picked, type],
  );

  return {
    progress,
    view: progress ? stepView(progress) : null,
    status,
    picked,
    setAnswer,
    submit,
    back,
    skip,
    pick,
    open,
  };
}

export type FlowSession = ReturnType<typeof useFlowSession>;
