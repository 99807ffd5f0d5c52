import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import { endGuestSession } from '../auth/sessionStore';
import { profileFromAnalysis } from '../../domain/profile/fromAnalysis';
import { fillBlankProfileFields } from '../profile/profile.sql';
import { adoptGuestAnalyses, setWantsUpdates } from './analysis.sql';

interface GuestState {
  guestKey?: string;
  /** The save-analysis prompt's answer, applied to the account this guest creates. */
  capture?: { email: string; updates: boolean };
}

const guestState = (ctx: Pick<AppContext, 'session'>) => (ctx.session ?? {}) as GuestState;

/** This browser's guest key (kept in the guest session), created on first use. */
export function guestKeyOf(ctx: Pick<AppContext, 'session'>): string {
  const state = guestState(ctx);
  state.guestKey ??= randomUUID();
  return state.guestKey;
}

export function rememberCapture(
  ctx: Pick<AppContext, 'session'>,
  capture: { email: string; updates: boolean },
): void {
  guestState(ctx).capture = capture;
}

/**
 * What a guest did before signing in follows them into the account: their idea analyses (at
 * registration or login from this browser), what the newest tells the profile (only its blank
 * fields), and, for a new account, the 'Send me updates' choice.
 * Then the guest session ends: its state now belongs to the account, and a copy of its cookie
 * (kept by someone else) can neither read it nor add more to carry at a later login.
 */
export async function carryGuestState(
  ctx: AppContext,
  userId: number,
  opts: { newAccount: boolean },
): Promise<void> {
  const state = guestState(ctx);
  if (state.guestKey) {
    const adopted = await adoptGuestAnalyses(ctx.pool, state.guestKey, userId);
    // The newest analysis fills what the profile does not say yet.
    const newest = adopted.toSorted((a, b) => +b.created_at - +a.created_at)[0];
    // A fill that fails costs the rep nothing they typed: the sign-in goes on, and it is logged.
    if (newest)
      await fillBlankProfileFields(
        ctx.pool,
        userId,
        profileFromAnalysis(newest.idea, newest.summary),
      ).catch((error: Error) =>
        ctx.log.warn(`the profile was not filled from an idea analysis: ${error.message}`),
      );
  }
  if (opts.newAccount && state.capture)
    await setWantsUpdates(ctx.pool, userId, state.capture.updates);
  await endGuestSession(ctx);
}
