import { ErrorCode } from '../../domain/contract/errors';
import { AppError } from '../errors';
import type { UpstreamError } from './types';

/** What the user is told when a model call fails; the log gets `err.message` (which says why). */
export function upstreamToAppError(err: UpstreamError): AppError {
  switch (err.kind) {
    case 'rate_limit':
      return new AppError(
        503,
        'model_busy',
        'The AI model is busy right now. Please try again in a moment.',
      );
    case 'timeout':
      return new AppError(
        504,
        'model_timeout',
        'The AI model took too long to answer. Please try again.',
      );
    case 'cut':
      return new AppError(
        502,
        'model_cut_off',
        'The answer was cut off. What arrived has been kept.',
      );
    default:
      return new AppError(502, 'model_failed', 'The AI model could not answer. Please try again.');
  }
}

/**
 * A call that only a language model can answer, on a server with none: said plainly for a rep, with
 * who can fix it and where (never an environment variable: the rep cannot set one, and an operator
 * connects a model in the browser). `what` completes 'so it cannot …' ('analyze ideas'). Its own code,
 * no_model: the app shows the 'no model' notice for it, and for nothing else that answers 503.
 */
export function NoModel(what: string): AppError {
  return new AppError(
    503,
    ErrorCode.noModel,
    `No AI model is connected to this Pitchpad yet, so it cannot ${what}. An operator can connect one in Settings → Model.`,
  );
}
