/**
 * POST /api/competitor-analysis streams the model's JSON as plain text. The text is read chunk by
 * chunk and parsed as it grows (partial JSON is ignored until it parses); the result only
 * counts once the stream has ended cleanly and the whole text parses: a stream cut mid-way is an
 * error, never a half matrix presented as complete.
 */
import type { CompetitorAnalysis } from '../../../domain/contract/playbooks';
import {
  BODY_NOT_READABLE,
  FETCH_FAILED,
  parseStreamedAnalysis,
} from '../../../domain/playbooks/competitive';
import type { ApiClient } from '../../data/api';

export interface AnalysisProgress {
  /** Characters received so far. */
  received: number;
  /** Competitor names seen in the text so far (a hint while the answer streams). */
  names: string[];
}

/** The analysis did not arrive whole. `message` is for the log and the error panel. */
export class AnalysisError extends Error {
  override name = 'AnalysisError';
}

/** Names of the competitors in a partial answer: `"name": "…"` pairs inside the competitors list. */
export function namesSoFar(text: string): string[] {
  const start = text.indexOf('"competitors"');
  if (start < 0) return [];
  const end = text.indexOf('"comparison_matrix"', start);
  const part = text.slice(start, end < 0 ? undefined : end);
  const names = [...part.matchAll(/"name"\s*:\s*"((?:[^"\\]|\\.)*)"/g)].map((m) => {
    try {
      return JSON.parse(`"${m[1]}"`) as string;
    } catch {
      return m[1]!;
    }
  });
  return [...new Set(names.filter((n) => n.trim()))];
}

export async function fetchCompetitorAnalysis(
  api: Pick<ApiClient, 'stream'>,
  productDescription: string,
  onProgress: (progress: AnalysisProgress) => void,
  signal?: AbortSignal,
): Promise<CompetitorAnalysis> {
  let res: Response;
  try {
    res = await api.stream('/api/competitor-analysis', { productDescription }, signal);
  } catch (error) {
    console.warn(FETCH_FAILED, error);
    throw error;
  }
  const reader = res.body?.getReader();
  if (!reader) throw new AnalysisError(BODY_NOT_READABLE);
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    onProgress({ received: text.length, names: namesSoFar(text) });
  }
  text += decoder.decode();
  const analysis = parseStreamedAnalysis(text);
  if (!analysis) throw new AnalysisError('The analysis did not come back as a complete result.');
  return analysis;
}
