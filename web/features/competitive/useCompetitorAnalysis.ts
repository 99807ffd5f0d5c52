/**
 * The competitive intelligence screen's state (spec §4 'Competitive analysis'): idle form →
 * analysing (spinner, form hidden) → result, or error; 'New Analysis' resets. The last result is
 * kept in the user's local database, so leaving the screen and coming back (or going offline)
 * still shows it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import { ANALYSIS_FAILED_MESSAGE, ANALYSIS_FAILED_TITLE, INPUT_REQUIRED_MESSAGE, INPUT_REQUIRED_TITLE } from '../../../domain/playbooks/competitive';
import { ApiError, OfflineError, api } from '../../data/api';
import type { PitchpadDb } from '../../data/db';
import { useToast } from '../../ui/ToastProvider';
import { fetchCompetitorAnalysis, type AnalysisProgress } from './analysisStream';

export const LAST_ANALYSIS_KEY = 'competitive.lastAnalysis';

export type AnalysisState =
  | { phase: 'loading' }
  | { phase: 'idle' }
  | { phase: 'analysing'; description: string; progress: AnalysisProgress }
  | { phase: 'result'; description: string; analysis: CompetitorAnalysis }
  | { phase: 'error'; description: string; message: string };

interface Stored {
  description: string;
  analysis: unknown;
}

export function useCompetitorAnalysis(db: PitchpadDb) {
  const toast = useToast();
  const [state, setState] = useState<AnalysisState>({ phase: 'loading' });
  const [description, setDescription] = useState('');
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    let cancelled = false;
    void db.keyValues
      .get(LAST_ANALYSIS_KEY)
      .then((row) => {
        const stored = row?.value as Stored | undefined;
        const analysis = stored ? CompetitorAnalysis.safeParse(stored.analysis) : undefined;
        if (cancelled) return;
        if (stored && analysis?.success) {
          setDescription(stored.description);
          setState({ phase: 'result', description: stored.description, analysis: analysis.data });
        } else setState({ phase: 'idle' });
      })
      .catch(() => !cancelled && setState({ phase: 'idle' }));
    return () => {
      cancelled = true;
      running.current?.abort();
    };
  }, [db]);

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
          if (!controller.signal.aborted) setState({ phase: 'analysing', description: text, progress });
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setState({ phase: 'result', description: text, analysis });
      await db.keyValues.put({ key: LAST_ANALYSIS_KEY, value: { description: text, analysis } satisfies Stored }).catch(() => {});
    } catch (error) {
      if (controller.signal.aborted) return;
      console.warn('Competitor analysis failed', error);
      const message = error instanceof OfflineError || error instanceof ApiError ? error.message : ANALYSIS_FAILED_MESSAGE;
      setState({ phase: 'error', description: text, message });
      toast({ header: ANALYSIS_FAILED_TITLE, message: ANALYSIS_FAILED_MESSAGE, color: 'danger' });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, [description, db, toast]);

  /** 'New Analysis': back to an empty form. */
  const reset = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setDescription('');
    setState({ phase: 'idle' });
    void db.keyValues.delete(LAST_ANALYSIS_KEY).catch(() => {});
  }, [db]);

  /** After an error: the form again, with the description kept. */
  const editAgain = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, description, setDescription, analyze, reset, editAgain };
}
