/**
 * A call to the rep's CRM with a working token: refreshed when it is about to expire, and once more
 * when the CRM refuses it; a refused refresh marks the connection for 'Reconnect'. Every failure
 * comes out as the AppError the rep reads, with no token in it.
 */
import { CRM_NAMES, CrmErrorCode, type CrmProvider } from '../../domain/contract/crm';
import type { Config } from '../config';
import type { Pool } from '../db';
import { AppError } from '../errors';
import type { Logger } from '../log';
import { CrmFailure, type CrmSession } from './adapter';
import { crmSetup, secretsOf, type CrmSetup } from './apps';
import { markNeedsReconnect, readConnection, saveTokens } from './crm.sql';

/** A token that expires within this is refreshed first. */
const REFRESH_AHEAD_MS = 5 * 60 * 1000;

export interface CrmCallContext {
  config: Config;
  pool: Pool;
  log: Logger;
  userId: number;
}

export const notAvailable = (provider: CrmProvider) =>
  new AppError(
    409,
    CrmErrorCode.notAvailable,
    `${CRM_NAMES[provider]} is not set up on this server yet: the operator can enable it in Settings.`,
  );

export const reconnect = (provider: CrmProvider) =>
  new AppError(
    409,
    CrmErrorCode.reconnect,
    `${CRM_NAMES[provider]} no longer accepts Pitchpad's connection: reconnect ${CRM_NAMES[provider]} on your account page. Nothing waiting is lost.`,
  );

/** The AppError a CRM failure is to the rep, for a push (a note kept and tried again) or a search. */
export function crmError(
  provider: CrmProvider,
  failure: CrmFailure,
  what: 'note' | 'search' = 'note',
): AppError {
  const name = CRM_NAMES[provider];
  const wait = failure.retryAfterS ?? (failure.kind === 'rate' ? 10 : 30);
  switch (failure.kind) {
    case 'expired':
    case 'revoked':
      return reconnect(provider);
    case 'scope':
      return new AppError(403, CrmErrorCode.missingScope, failure.message);
    case 'target':
      return new AppError(
        422,
        CrmErrorCode.targetGone,
        `${failure.message} Choose the record again.`,
      );
    case 'rate':
      return new AppError(
        429,
        CrmErrorCode.unavailable,
        what === 'note'
          ? `${name} asks Pitchpad to wait: the note goes in ${wait} seconds.`
          : `${name} asks Pitchpad to wait: search again in ${wait} seconds.`,
        { 'Retry-After': String(wait) },
      );
    case 'down':
      return new AppError(
        503,
        CrmErrorCode.unavailable,
        what === 'note'
          ? `${name} is not answering: the note is kept and tried again shortly.`
          : `${name} is not answering: search again in a moment.`,
        { 'Retry-After': String(wait) },
      );
    default:
      return new AppError(422, CrmErrorCode.refused, failure.message);
  }
}

/**
 * Runs `call` with the rep's session of this CRM. Throws notAvailable, notConnected or reconnect
 * before calling when those hold.
 */
export async function withCrm<T>(
  cx: CrmCallContext,
  provider: CrmProvider,
  call: (session: CrmSession, setup: CrmSetup) => Promise<T>,
  what: 'note' | 'search' = 'note',
): Promise<T> {
  const setup = await crmSetup(cx.config, cx.pool, provider);
  const { app, adapter } = setup;
  if (!app) throw notAvailable(provider);
  const stored = await readConnection(cx.pool, cx.userId, provider, secretsOf(cx.config));
  if (!stored)
    throw new AppError(
      409,
      CrmErrorCode.notConnected,
      `Connect ${CRM_NAMES[provider]} on your account page first.`,
    );
  if (stored.needsReconnect || !stored.session) throw reconnect(provider);
  let session = stored.session;

  const refresh = async () => {
    try {
      const tokens = await adapter.refresh(app, session);
      await saveTokens(
        cx.pool,
        cx.config.sessionSecret,
        cx.userId,
        provider,
        session.account.id,
        tokens,
      );
      session = { ...session, tokens };
    } catch (error) {
      if (error instanceof CrmFailure && (error.kind === 'revoked' || error.kind === 'refused')) {
        await markNeedsReconnect(cx.pool, cx.userId, provider);
        cx.log.info(`user ${cx.userId}: ${provider} refused the refresh; marked for reconnect`);
        throw reconnect(provider);
      }
      throw error instanceof CrmFailure ? crmError(provider, error, what) : error;
    }
  };

  const expiresAt = session.tokens.expiresAt;
  if (expiresAt && expiresAt.getTime() - Date.now() < REFRESH_AHEAD_MS) await refresh();
  try {
    return await call(session, setup);
  } catch (error) {
    if (!(error instanceof CrmFailure)) throw error;
    // A permission the connection lacks comes back only by connecting again, as a revoked one.
    if (error.kind === 'scope') await markNeedsReconnect(cx.pool, cx.userId, provider);
    if (error.kind !== 'expired') throw crmError(provider, error, what);
  }
  await refresh();
  try {
    return await call(session, setup);
  } catch (error) {
    if (error instanceof CrmFailure && error.kind === 'expired') {
      await markNeedsReconnect(cx.pool, cx.userId, provider);
      throw reconnect(provider);
    }
    throw error instanceof CrmFailure ? crmError(provider, error, what) : error;
  }
}

/**
 * Ends the rep's connection at the CRM, so its tokens stop working there too. Best effort: a CRM
 * that cannot be reached is logged, and the connection is forgotten here anyway (the rep asked).
 */
export async function revokeConnection(cx: CrmCallContext, provider: CrmProvider): Promise<void> {
  const { app, adapter } = await crmSetup(cx.config, cx.pool, provider);
  const stored = await readConnection(cx.pool, cx.userId, provider, secretsOf(cx.config));
  if (!app || !stored?.session) return;
  try {
    await adapter.revoke(app, stored.session);
  } catch (error) {
    const said = error instanceof CrmFailure ? crmError(provider, error).message : String(error);
    cx.log.warn(`user ${cx.userId}: revoking ${provider} failed: ${said}`);
  }
}
