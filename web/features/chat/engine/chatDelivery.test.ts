import { describe, expect, it } from 'vitest';
import {
  ApiError,
  OfflineError,
  RateLimitedError,
  SessionMismatchError,
  UnauthorizedError,
} from '../../../data/api';
import { BACKOFF_BASE_MS } from '../../../data/outbox';
import { SIGNED_OUT_RETRY_MS, transition } from './chatDelivery';

const NOW = Date.parse('2026-03-05T15:00:00Z');
const half = () => 0.5;

describe("the chat mapping: a reply's outcome as the outbox's answer", () => {
  const entry = { attempts: 0 };
  const delivered = { state: 'sent', attempts: 0, nextAttemptAt: 0, stopLine: false };

  it('marks a send sent once the server has it: a full reply, a cut stream, a Stop after it was taken, a partial reply', () => {
    expect(transition(entry, { kind: 'done' }, NOW)).toEqual(delivered);
    expect(transition(entry, { kind: 'interrupted' }, NOW)).toEqual(delivered);
    expect(transition(entry, { kind: 'stopped', accepted: true }, NOW)).toEqual(delivered);
    expect(
      transition(entry, { kind: 'model-error', partial: true, message: 'Cut off.' }, NOW),
    ).toEqual(delivered);
  });

  it('fails for good on a refusal (4xx), a model that gave no answer, or a Stop before the server took it', () => {
    const refused = new ApiError('This needs the Pro plan.', 403, {
      code: 'forbidden',
      message: 'This needs the Pro plan.',
    });
    expect(transition(entry, { kind: 'not-sent', error: refused }, NOW)).toEqual({
      state: 'failed',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: 'This needs the Pro plan.',
      stopLine: false,
    });
    expect(
      transition(
        entry,
        { kind: 'not-sent', error: new ApiError('Chat not found', 404, undefined) },
        NOW,
      ).state,
    ).toBe('failed');
    expect(
      transition(
        entry,
        { kind: 'model-error', partial: false, message: 'The AI model could not answer.' },
        NOW,
      ),
    ).toMatchObject({ state: 'failed', lastError: 'The AI model could not answer.' });
    expect(transition(entry, { kind: 'stopped', accepted: false }, NOW).state).toBe('failed');
  });

  it('stays queued with a growing backoff when the network or the server fails, and stops the flush', () => {
    for (const error of [
      new OfflineError(),
      new ApiError('Bad gateway', 502, undefined),
      new RateLimitedError('Slow down', 429, undefined),
      new ApiError('Timeout', 408, undefined),
    ]) {
      expect(transition({ attempts: 2 }, { kind: 'not-sent', error }, NOW, half)).toMatchObject({
        state: 'queued',
        attempts: 3,
        nextAttemptAt: NOW + 4 * BACKOFF_BASE_MS,
        stopLine: true,
      });
    }
  });

  it("waits for the time the server names (Retry-After) when the day's AI allowance is used up, not the 30 s backoff", () => {
    const spent = new RateLimitedError(
      "You've used today's AI allowance. It resets at 00:00 UTC (in 2 h).",
      429,
      { code: 'token_budget', message: 'x' },
      7_200_000,
    );
    expect(transition({ attempts: 1 }, { kind: 'not-sent', error: spent }, NOW)).toEqual({
      state: 'queued',
      attempts: 2,
      nextAttemptAt: NOW + 7_200_000,
      notBefore: NOW + 7_200_000,
      lastError: spent.message,
      stopLine: true,
    });
    // Too many answers at once (no allowance spent): the usual backoff.
    const busy = new RateLimitedError(
      'Slow down',
      429,
      { code: 'rate_limited', message: 'Slow down' },
      60_000,
    );
    expect(transition({ attempts: 1 }, { kind: 'not-sent', error: busy }, NOW, half)).toMatchObject(
      { nextAttemptAt: NOW + 2 * BACKOFF_BASE_MS },
    );
    expect(
      transition({ attempts: 1 }, { kind: 'not-sent', error: busy }, NOW, half).notBefore,
    ).toBeUndefined();
  });

  it('waits the longest backoff when the session expired (401): only a new login helps', () => {
    expect(
      transition(
        entry,
        { kind: 'not-sent', error: new UnauthorizedError('Unauthorized', 401, undefined) },
        NOW,
      ),
    ).toMatchObject({ state: 'queued', nextAttemptAt: NOW + SIGNED_OUT_RETRY_MS });
  });

  it('stays queued, never failed, when another account signed in on this device (409 session_mismatch)', () => {
    const error = new SessionMismatchError('Signed in to another account', 409, {
      code: 'session_mismatch',
      message: 'Signed in to another account',
    });
    expect(transition(entry, { kind: 'not-sent', error }, NOW)).toMatchObject({
      state: 'queued',
      nextAttemptAt: NOW + SIGNED_OUT_RETRY_MS,
      stopLine: true,
    });
  });
});
