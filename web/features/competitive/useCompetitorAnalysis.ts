/**
 * The competitive intelligence screen's state: idle form →
 * analysing (spinner, form hidden) → result, or error; 'New Analysis' resets. The last result is
 * kept in the user's local database, so leaving the screen and coming back (or going offline)
 * still shows it, and every finished analysis is saved to the history (here and on the server), so
 * it opens again from there on any device (`workflowId`).
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import {
  ANALYSIS_FAILED_MESSAGE,
  ANALYSIS_FAILED_TITLE,
  ANALYSIS_SAVED_TOAST,
  COMPETITIVE_WORKFLOW_TYPE,
  INPUT_REQUIRED_MESSAGE,
  INPUT_REQUIRED_TITLE,
  SAVED_ANALYSIS_MISSING_TOAST,
  SAVED_ANALYSIS_OFFLINE_TITLE,
  SavedAnalysis,
  competitiveWorkflowName,
  parseSavedAnalysis,
} from '../../../domain/playbooks/competitive';
import { ApiError, OfflineError, api } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { isNoModelError, useNoteNoModel } from '../settings/modelStatus';
import { workflowSavedToast } from '../history/historySheet';
import { loadWorkflowResult, saveWorkflow } from '../history/workflowStore';
import { fetchCompetitorAnalysis, type AnalysisProgress } from './analysisStream';

export const LAST_ANALYSIS_KEY = 'competitive.lastAnalysis';

export type AnalysisState =
  | { phase: 'loading' }
  | { phase: 'idle' }
  | { phase: 'analysing'; description: string; progress: AnalysisProgress }
  | { phase: 'result'; description: string; analysis: CompetitorAnalysis }
  | { phase: 'error'; description: string; message: string };

/** The analysis to show first: a saved one from the history, else the last one made on this device. */
async function initialAnalysis(
  db: PitchpadDb,
  workflowId: string | undefined,
): Promise<SavedAnalysis | 'missing' | null> {
  if (workflowId) {
    const text = await loadWorkflowResult(db, workflowId);
    return (text !== undefined && parseSavedAnalysis(text)) || 'missing';
  }
  const last = SavedAnalysis.safeParse((await db.keyValues.get(LAST_ANALYSIS_KEY))?.value);
  return last.success ? last.data : null;
}

/**
 * `workflowId`: the saved analysis the address names. `showWorkflow` puts the one on screen in the
 * address (a new one once saved, none after 'New Analysis' or when the named one is gone), so a
 * reload or a shared link shows what is on screen.
 */
export function useCompetitorAnalysis(
  db: PitchpadDb,
  workflowId: string | undefined,
  showWorkflow: (id: string | undefined) => void,
) {
  const toast = useToast();
  const noteNoModel = useNoteNoModel();
  const latestShow = useRef(showWorkflow);
  useLayoutEffect(() => {
    latestShow.current = showWorkflow;
  });
  const [state, setState] = useState<AnalysisState>({ phase: 'loading' });
  const [description, setDescription] = useState('');
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    let cancelled = false;
    initialAnalysis(db, workflowId)
      .then((found) => {
        if (cancelled) return;
        if (found === 'missing') {
          toast({ ...SAVED_ANALYSIS_MISSING_TOAST, color: 'warning' });
          latestShow.current(undefined);
        }
        if (found && found !== 'missing') {
          setDescription(found.description);
          setState({ phase: 'result', description: found.description, analysis: found.analysis });
        } else setState({ phase: 'idle' });
      })
      .catch((error: unknown) => {
        console.warn('Could not open the analysis', error);
        if (cancelled) return;
        // Offline, a saved analysis never opened on this device cannot be shown yet: say so.
        if (error instanceof OfflineError)
          toast({ header: SAVED_ANALYSIS_OFFLINE_TITLE, message: error.message, color: 'warning' });
        setState({ phase: 'idle' });
      });
    return () => {
      cancelled = true;
      running.current?.abort();
    };
  }, [db, workflowId, toast]);

  const analyze = useCallback(async () => {
    const text = description.trim();
    if (!text) {
      toast({ header: INPUT_REQUIRED_TITLE, message: INPUT_REQUIRED_MESSAGE, color: 'warning' });
      return;
    }
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'analysing', description: text, progress: { received: 0, names: [] } });
    try {
      const analysis = await fetchCompetitorAnalysis(
        api,
        text,
        (progress) => {
          if (!controller.signal.aborted)
            setState({ phase: 'analysing', description: text, progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setState({ phase: 'result', description: text, analysis });
      await keepAnalysis(db, { description: text, analysis });
      const saved = await saveAnalysis(db, { description: text, analysis });
      toast(workflowSavedToast(ANALYSIS_SAVED_TOAST, saved.id));
      latestShow.current(saved.id);
    } catch (error) {
      if (controller.signal.aborted) return;
      // No model on the server is a known setup, not a failure: back to the form, where the notice says so.
      if (isNoModelError(error)) {
        noteNoModel();
        setState({ phase: 'idle' });
        return;
      }
      console.warn('Competitor analysis failed', error);
      const message =
        error instanceof OfflineError || error instanceof ApiError
          ? error.message
          : ANALYSIS_FAILED_MESSAGE;
      setState({ phase: 'error', description: text, message });
      toast({ header: ANALYSIS_FAILED_TITLE, message: ANALYSIS_FAILED_MESSAGE, color: 'danger' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, [description, db, toast, noteNoModel]);

  /** 'New Analysis': back to an empty form; resolves once the last result is forgotten here. */
  const reset = useCallback(async () => {
    running.current?.abort();
    running.current = null;
    setDescription('');
    setState({ phase: 'idle' });
    await db.keyValues.delete(LAST_ANALYSIS_KEY).catch(() => {});
    latestShow.current(undefined);
  }, [db]);

  /** After an error: the form again, with the description kept. */
  const editAgain = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, description, setDescription, analyze, reset, editAgain };
}

function keepAnalysis(db: PitchpadDb, saved: SavedAnalysis): Promise<unknown> {
  return db.keyValues.put({ key: LAST_ANALYSIS_KEY, value: saved }).catch(() => {});
}

/** Into the saved history, with the result itself (no chat holds it); reopened at /competitive?workflow=<id>. */
function saveAnalysis(db: PitchpadDb, saved: SavedAnalysis) {
  return saveWorkflow(db, {
    type: 'competitive',
    workflowType: COMPETITIVE_WORKFLOW_TYPE,
    name: competitiveWorkflowName(saved.analysis.topic),
    answers: { description: saved.description },
    result: JSON.stringify(saved),
    pathFor: (id) => `/competitive?workflow=${encodeURIComponent(id)}`,
  });
}
