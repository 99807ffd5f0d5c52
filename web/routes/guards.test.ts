import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import type { ParsedLocation } from '@tanstack/react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriptionInfo, User } from '../../domain/contract/auth';
import { NO_SUBSCRIPTION } from '../../domain/subscription';
import { buildSessionUser } from '../../tests/factories/sessionUser';
import { authKeys, subscriptionQueryOptions } from '../features/auth/auth.queries';
import { proRouteRedirect } from '../features/billing/proAccess';
import { loadPlanAccess } from '../features/auth/auth.queries';
import { requirePaid, requireUser } from './guards';

const user = buildSessionUser({ id: 7 });
const free: SubscriptionInfo = {
  subscriptionTier: 'none',
  isActive: false,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
};
const paid: SubscriptionInfo = {
  subscriptionTier: 'pro',
  isActive: true,
  stripeCustomerId: 'cus_1',
  stripeSubscriptionId: 'sub_1',
};

/** A query cache that already knows who is signed in and, when given, their plan. */
function cacheWith(signedIn: User | null, subscription?: SubscriptionInfo) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(authKeys.user, signedIn);
  if (signedIn && subscription)
    queryClient.setQueryData(authKeys.subscription(signedIn.id), subscription);
  return queryClient;
}

/** GET /api/user/subscription cannot be answered: no network (a TypeError, as fetch throws), or a status. */
function serverFails(status?: number) {
  const fetchMock = vi.fn(async () => {
    if (status === undefined) throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify({ code: 'x', message: 'Something went wrong' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The server's answer to GET /api/user/subscription. */
function serverSays(subscription: SubscriptionInfo) {
  const fetchMock = vi.fn(
    async () =>
      new Response(JSON.stringify(subscription), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('where a PRO route sends someone who may not open it', () => {
  it('lets a paying subscriber in, sends a guest to log in and a free user to pricing, each told why', () => {
    expect(proRouteRedirect('paid')).toBeNull();
    expect(proRouteRedirect('guest')).toMatchObject({
      to: '/auth',
      toast: { header: 'Login Required' },
    });
    expect(proRouteRedirect('free')).toMatchObject({
      to: '/pricing',
      toast: { header: 'Pro Plan Required' },
    });
  });
});

describe('loadPlanAccess', () => {
  it('keeps a paying user paid when a check finds no network or a failing server', async () => {
    for (const status of [undefined, 503]) {
      const queryClient = cacheWith(user, paid);
      serverFails(status);
      await expect(queryClient.fetchQuery(subscriptionQueryOptions(user.id))).rejects.toThrow();
      expect(queryClient.getQueryData(authKeys.subscription(user.id))).toEqual(paid);
      expect(await loadPlanAccess(queryClient)).toBe('paid');
    }
  });

  it('takes a refusal (the session ended) as no subscription, and no answer at all as not paid', async () => {
    const queryClient = cacheWith(user, paid);
    serverFails(401);
    expect(await queryClient.fetchQuery(subscriptionQueryOptions(user.id))).toEqual(
      NO_SUBSCRIPTION,
    );
    serverFails();
    expect(await loadPlanAccess(cacheWith(user))).toBe('free');
  });

  it('knows a guest without asking about plans', async () => {
    const fetchMock = serverSays(paid);
    expect(await loadPlanAccess(cacheWith(null))).toBe('guest');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('trusts a cached paid plan, also offline', async () => {
    const fetchMock = serverSays(free);
    expect(await loadPlanAccess(cacheWith(user, paid))).toBe('paid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server before calling a cached free plan final: someone who just paid gets in', async () => {
    const fetchMock = serverSays(paid);
    expect(await loadPlanAccess(cacheWith(user, free))).toBe('paid');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    serverSays(free);
    expect(await loadPlanAccess(cacheWith(user, free))).toBe('free');
  });

  it('lets in an account the operator just granted Pro, or any account on a server open to all', async () => {
    for (const access of ['granted', 'everyone'] as const) {
      serverSays({ ...free, access });
      expect(await loadPlanAccess(cacheWith(user, { ...free, access: 'none' }))).toBe('paid');
    }
    // A revoked grant: the server's 'none' is believed over subscription fields that look paid.
    serverSays({ ...paid, access: 'none' });
    expect(await loadPlanAccess(cacheWith(user, free))).toBe('free');
  });

  it('on a first start asks for the plan beside the user, not after their answer', async () => {
    const asked: string[] = [];
    let answer!: () => void;
    const bothAsked = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://app.test').pathname;
        asked.push(path);
        if (asked.length === 2) answer();
        // Neither is answered until both are asked: asked one after the other, this would hang.
        await bothAsked;
        const body = path === '/api/auth/user' ? user : paid;
        return new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await loadPlanAccess(queryClient)).toBe('paid');
    expect(asked.toSorted()).toEqual(['/api/auth/user', '/api/user/subscription']);
    expect(queryClient.getQueryData(authKeys.subscription(user.id))).toEqual(paid);
  });

  it('on a first start takes the plan asked beside the user as the fresh answer for a free rep', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://app.test').pathname;
        asked.push(path);
        return new Response(JSON.stringify(path === '/api/auth/user' ? user : free), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await loadPlanAccess(queryClient)).toBe('free');
    // Asked once each: a plan fetched with the user is not asked for again.
    expect(asked.toSorted()).toEqual(['/api/auth/user', '/api/user/subscription']);
  });

  it('on a first start a guest is a guest, whatever the plan request answered', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 'unauthorized', message: 'Not signed in' }), {
            status: 401,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    expect(await loadPlanAccess(queryClient)).toBe('guest');
  });
});

/** The navigation a guard's thrown redirect asks for. */
async function redirectOf(run: Promise<unknown>) {
  const thrown = await run.then(
    () => null,
    (error: unknown) => error,
  );
  if (!isRedirect(thrown)) throw new Error('expected a redirect');
  return thrown.options;
}

describe('requirePaid', () => {
  const location = { pathname: '/pro/email', searchStr: '' } as ParsedLocation;

  it('sends a guest to /auth?redirect=pricing with the Login Required toast', async () => {
    const toast = vi.fn();
    const options = await redirectOf(
      requirePaid({
        context: { queryClient: cacheWith(null), toast, sessionChanged: vi.fn() },
        location,
        preload: false,
      }),
    );
    expect(options).toMatchObject({ to: '/auth', search: { redirect: 'pricing' } });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ header: 'Login Required' }));
  });

  it('sends a free user to /pricing, and shows no toast for a mere preload', async () => {
    serverSays(free);
    const toast = vi.fn();
    const options = await redirectOf(
      requirePaid({
        context: { queryClient: cacheWith(user, free), toast, sessionChanged: vi.fn() },
        location,
        preload: true,
      }),
    );
    expect(options).toMatchObject({ to: '/pricing' });
    expect(toast).not.toHaveBeenCalled();
  });

  it('lets a paying subscriber through', async () => {
    await expect(
      requirePaid({
        context: { queryClient: cacheWith(user, paid), toast: vi.fn(), sessionChanged: vi.fn() },
        location,
        preload: false,
      }),
    ).resolves.toBeUndefined();
  });
});

/** The cache as the app finds it at start: the last run's answer, restored and marked out of date. */
async function restoredFromLastRun(signedIn: User | null) {
  const queryClient = cacheWith(signedIn);
  await queryClient.invalidateQueries({ refetchType: 'none' });
  return queryClient;
}

/** GET /api/auth/user: a user, or 401 (no session); `hold` keeps the answer back until released. */
function sessionAnswer(answer: User | null, hold?: Promise<void>) {
  const fetchMock = vi.fn(async () => {
    await hold;
    return answer
      ? Response.json(answer)
      : Response.json({ code: 'unauthorized', message: 'Not signed in' }, { status: 401 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('requireUser', () => {
  const location = { pathname: '/chat', searchStr: '?chat=c1' } as ParsedLocation;

  const guard = (queryClient: QueryClient, sessionChanged = vi.fn()) =>
    requireUser({
      context: { queryClient, toast: vi.fn(), sessionChanged },
      location,
      preload: false,
    });

  it('lets the rep of the last run in before the server answers, and checks with it meanwhile', async () => {
    let release!: () => void;
    const fetchMock = sessionAnswer(user, new Promise((resolve) => (release = resolve)));
    const sessionChanged = vi.fn();
    const queryClient = await restoredFromLastRun(user);
    await expect(guard(queryClient, sessionChanged)).resolves.toEqual({ user });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    release();
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(authKeys.user)?.isInvalidated).toBe(false),
    );
    expect(sessionChanged).not.toHaveBeenCalled();
  });

  it('runs the guards again when the server says the session is over, and they then send the rep to log in', async () => {
    sessionAnswer(null);
    const sessionChanged = vi.fn();
    const queryClient = await restoredFromLastRun(user);
    await expect(guard(queryClient, sessionChanged)).resolves.toEqual({ user });
    await vi.waitFor(() => expect(sessionChanged).toHaveBeenCalledTimes(1));
    const options = await redirectOf(guard(queryClient, sessionChanged));
    expect(options).toMatchObject({ to: '/auth', search: { redirect: 'chat?chat=c1' } });
  });

  it('runs the guards again when the session is now another account’s', async () => {
    const other = buildSessionUser({ id: 8 });
    sessionAnswer(other);
    const sessionChanged = vi.fn();
    const queryClient = await restoredFromLastRun(user);
    await guard(queryClient, sessionChanged);
    await vi.waitFor(() => expect(sessionChanged).toHaveBeenCalledTimes(1));
    await expect(guard(queryClient, sessionChanged)).resolves.toEqual({ user: other });
  });

  it('keeps the rep of the last run when the check gets no answer', async () => {
    serverFails();
    const sessionChanged = vi.fn();
    const queryClient = await restoredFromLastRun(user);
    await expect(guard(queryClient, sessionChanged)).resolves.toEqual({ user });
    await vi.waitFor(() =>
      expect(queryClient.getQueryState(authKeys.user)?.fetchStatus).toBe('idle'),
    );
    expect(sessionChanged).not.toHaveBeenCalled();
    await expect(guard(queryClient, sessionChanged)).resolves.toEqual({ user });
  });

  it('waits for the server when the last run knew no one: a guest may have signed in since', async () => {
    sessionAnswer(user);
    const queryClient = await restoredFromLastRun(null);
    await expect(guard(queryClient)).resolves.toEqual({ user });
  });
});
