import { Router } from '@koa/router';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { deviceNameOf } from '../../domain/deviceName';
import {
  AddPasskeyInput,
  NO_PASSKEYS,
  PASSKEY_TAKEN,
  PASSKEYS_FULL,
  PasskeyLoginInput,
  PasskeyOptionsInput,
  PasskeyParams,
  type Passkey,
  type PasskeyList,
} from '../../domain/contract/passkeys';
import * as limits from '../../domain/limits';
import { presentUser } from '../auth/auth.present';
import { countLoginAttempt, loginPerIp, signIn } from '../auth/auth.routes';
import { sessionAgeMs } from '../auth/auth.sql';
import type { AppLucia, UserRow } from '../auth/lucia';
import type { AppContext, AppDeps, AppState } from '../context';
import { Conflict, NotFound } from '../errors';
import { rateLimit, loginWindowRule } from '../middleware/rateLimit';
import { requireUser, userOf } from '../middleware/requireUser';
import type { Mailer } from '../mail';
import { inputOf, validate } from '../middleware/validate';
import { confirmIdentity } from './confirmIdentity';
import { passkeyAddedEmail, sendNotice } from './notices';
import {
  deletePasskey,
  insertPasskey,
  listPasskeys,
  storeChallenge,
  type PasskeyRow,
} from './passkeys.sql';
import {
  passkeyInvalid,
  relyingParty,
  takeAnsweredChallenge,
  userHandleOf,
  verifyPasskeyAssertion,
} from './webauthn';

/** Sign-in challenges one address may ask for: as many as it may try passwords. */
const loginOptionsPerIp = loginWindowRule('passkey-options:ip');
/** Challenges a signed-in rep may ask for (adding a passkey, confirming it is them). */
const challengesPerUser = loginWindowRule('passkey-options:user');
const perUser = (ctx: AppContext) => String(userOf(ctx).id);

const CHALLENGE_TIMEOUT_MS = limits.PASSKEY_CHALLENGE_TTL_MS;

/** A passkey as it leaves the server: no key, no counter. */
function presentPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    deviceName: row.device_name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}

/**
 * Passkeys: the signed-in rep's list, adding one (options, then the new passkey), removing one, and
 * the options of a 'confirm it is you' (api/account/confirmIdentity.ts checks the answer). Signing
 * in with one: POST /api/auth/passkey/options, then POST /api/auth/passkey (a session as a
 * password login starts it). Every POST and DELETE passes the CSRF check first (api/app.ts).
 */
export function passkeyRoutes(lucia: AppLucia, mailer: Mailer | null) {
  const router = new Router<AppState, AppDeps>();

  router.get('/api/account/passkeys', requireUser(), async (ctx) => {
    const rows = await listPasskeys(ctx.pool, userOf(ctx).id);
    const body: PasskeyList = { passkeys: rows.map(presentPasskey) };
    ctx.body = body;
  });

  router.post(
    '/api/account/passkeys/options',
    requireUser(),
    rateLimit(challengesPerUser, perUser),
    validate(PasskeyOptionsInput, 'body', { fields: true }),
    async (ctx) => {
      const user = userOf(ctx);
      const age = ctx.state.sessionId ? await sessionAgeMs(ctx.pool, ctx.state.sessionId) : null;
      if (age === null || age > limits.PASSKEY_ADD_FRESH_MS) {
        const { currentPassword, passkey } = inputOf(ctx, PasskeyOptionsInput);
        await confirmIdentity(ctx.pool, user.id, { password: currentPassword, passkey });
      }
      const rp = relyingParty(ctx as AppContext);
      const existing = await listPasskeys(ctx.pool, user.id);
      if (existing.length >= limits.PASSKEYS_PER_ACCOUNT_MAX) throw Conflict(PASSKEYS_FULL);
      const options = await generateRegistrationOptions({
        rpName: limits.PRODUCT_NAME,
        rpID: rp.rpID,
        userName: user.username,
        userID: userHandleOf(user.id),
        userDisplayName: user.name ?? user.username,
        timeout: CHALLENGE_TIMEOUT_MS,
        attestationType: 'none',
        // The device this rep already has a passkey on says so instead of making a second one.
        excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
        // A passkey: kept on the device (discoverable, so sign-in needs no username) and unlocked
        // by Face ID, a fingerprint or the device's PIN.
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await storeChallenge(ctx.pool, options.challenge, 'register', user.id, rp);
      ctx.body = options;
    },
  );

  router.post('/api/account/passkeys', requireUser(), validate(AddPasskeyInput), async (ctx) => {
    const user = userOf(ctx);
    const { response } = inputOf(ctx, AddPasskeyInput);
    const { challenge, rp } = await takeAnsweredChallenge(
      ctx.pool,
      response.response.clientDataJSON,
      'register',
      user.id,
    );
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    }).catch(() => undefined);
    // The id the browser names must be the credential the authenticator attested.
    if (!result?.verified || result.registrationInfo.credential.id !== response.id)
      throw passkeyInvalid(400);
    const { credential } = result.registrationInfo;
    if ((await listPasskeys(ctx.pool, user.id)).length >= limits.PASSKEYS_PER_ACCOUNT_MAX)
      throw Conflict(PASSKEYS_FULL);
    const row = await insertPasskey(ctx.pool, {
      id: credential.id,
      userId: user.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: response.response.transports ?? [],
      deviceName: deviceNameOf(ctx.get('user-agent')),
    });
    if (!row) throw Conflict(PASSKEY_TAKEN);
    const notice = passkeyAddedEmail({
      username: user.username,
      deviceName: row.device_name,
      appUrl: ctx.config.appUrl,
    });
    await sendNotice(ctx as AppContext, mailer, { to: user.email, ...notice }, 'passkey added');
    ctx.status = 201;
    ctx.body = { passkey: presentPasskey(row) };
  });

  router.delete('/api/account/passkeys/:id', requireUser(), async (ctx) => {
    const params = PasskeyParams.safeParse(ctx.params);
    // Someone else's passkey is answered as one that does not exist (so is an id of no passkey's
    // shape): nothing is told about other accounts.
    if (!params.success || !(await deletePasskey(ctx.pool, userOf(ctx).id, params.data.id)))
      throw NotFound('Passkey');
    ctx.body = { ok: true };
  });

  router.post(
    '/api/account/passkeys/confirm/options',
    requireUser(),
    rateLimit(challengesPerUser, perUser),
    // No proof asked here, whatever the session's age: this challenge is the proof's first half,
    // used once, for five minutes, and only the account's own passkeys can answer it.
    async (ctx) => {
      const user = userOf(ctx);
      const rp = relyingParty(ctx as AppContext);
      const existing = await listPasskeys(ctx.pool, user.id);
      if (!existing.length) throw Conflict(NO_PASSKEYS);
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        timeout: CHALLENGE_TIMEOUT_MS,
        userVerification: 'required',
        allowCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
      });
      await storeChallenge(ctx.pool, options.challenge, 'confirm', user.id, rp);
      ctx.body = options;
    },
  );

  router.post('/api/auth/passkey/options', rateLimit(loginOptionsPerIp), async (ctx) => {
    const rp = relyingParty(ctx as AppContext);
    // No list of passkeys: the browser offers the ones it holds for this site (a discoverable
    // credential names its account), which is also what its autofill needs.
    const options = await generateAuthenticationOptions({
      rpID: rp.rpID,
      timeout: CHALLENGE_TIMEOUT_MS,
      userVerification: 'required',
    });
    await storeChallenge(ctx.pool, options.challenge, 'login', null, rp);
    ctx.body = options;
  });

  router.post(
    '/api/auth/passkey',
    rateLimit(loginPerIp),
    validate(PasskeyLoginInput),
    async (ctx) => {
      const { response } = inputOf(ctx, PasskeyLoginInput);
      let user: UserRow | undefined;
      await verifyPasskeyAssertion(ctx.pool, response, 'login', null, {
        // The passkey names the account: its login limits count this attempt as a password's would.
        beforeSignature: async (passkey) => {
          const { rows } = await ctx.pool.query<UserRow>('SELECT * FROM users WHERE id = $1', [
            passkey.user_id,
          ]);
          user = rows[0];
          if (!user) throw passkeyInvalid();
          await countLoginAttempt(ctx as AppContext, user.username);
        },
      });
      await signIn(ctx as AppContext, lucia, user!);
      const { password: _hash, ...sessionUser } = user!;
      ctx.body = { user: presentUser(sessionUser) };
    },
  );

  return router;
}
