/** Auth state: who is signed in and what they pay for, plus the login, register and logout mutations. */
import {
  hashKey,
  onlineManager,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { AuthenticationResponseJSON } from '@simplewebauthn/browser';
import { NO_SUBSCRIPTION, hasProAccess } from '../../../domain/subscription';
import type {
  AuthResponse,
  LoginInput,
  ProAccess,
  RegisterInput,
  SubscriptionInfo,
  User,
} from '../../../domain/contract/auth';
import type {
  ForgotPasswordInput,
  ResetPasswordInput,
} from '../../../domain/contract/passwordReset';
import { AUTH_DEDUPE_MS } from '../../../domain/limits';
import { ApiError, OfflineError, api } from '../../data/api';
import { clearApiCache } from '../../data/swShared';
import { useHydrating } from '../../prerender/takeover';
import {
  clearAuthStorage,
  forgetSessionEndedElsewhere,
  recordLoginAttempt,
  recordLoginSuccess,
} from './authStorage';
import {
  forgetPendingLogout,
  queuePendingLogout,
  readPendingLogout,
  retryPendingLogout,
  settlePendingLogout,
} from './pendingLogout';

export const authKeys = {
  all: ['auth'] as const,
  user: ['auth', 'user'] as const,
  subscription: (userId: number) => ['auth', 'subscription', userId] as const,
};

/**
 * GET /api/auth/user: null when logged out. Deduped for 60 s, no refetch on focus or reconnect:
 * every screen asks who is signed in, and one answer serves them all. A logout made offline whose
 * session the server has not ended yet counts as logged out: the cookie would still answer with the
 * user who left (pendingLogout.ts).
 */
export const userQueryOptions = queryOptions({
  queryKey: authKeys.user,
  queryFn: async ({ signal }) => {
    if (readPendingLogout() && !(await settlePendingLogout())) {
      retryPendingLogout();
      return null;
    }
    const user = await api.query<User>('/api/auth/user', { on401: 'returnNull', signal });
    // Signed out from elsewhere: the worker's copies of their chat reads go with the frames.
    if (user === null && forgetSessionEndedElsewhere()) void clearApiCache();
    return user;
  },
  staleTime: AUTH_DEDUPE_MS,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
});

/**
 * GET /api/user/subscription; a failure falls back to "no subscription", except when the
 * server could not be reached or failed (offline, 5xx): that is no answer, so the query fails and
 * keeps its last good one. A paying user is never taken for a free one by a bad connection. Asked
 * again when the rep comes back to the app: the operator may have granted or revoked Pro meanwhile.
 */
export function subscriptionQueryOptions(userId: number) {
  return queryOptions({
    queryKey: authKeys.subscription(userId),
    queryFn: async ({ signal }): Promise<SubscriptionInfo> => {
      try {
        return await api.get<SubscriptionInfo>('/api/user/subscription', signal);
      } catch (error) {
        if (error instanceof OfflineError || (error instanceof ApiError && error.status >= 500))
          throw error;
        return NO_SUBSCRIPTION;
      }
    },
    refetchOnWindowFocus: 'always',
  });
}

/**
 * The server refused a Pro tool (403 pro_required): whatever the app believed, this account has no
 * Pro now (a subscription ended, the operator revoked a grant). The next screen asks afresh.
 */
export function forgetProAccess(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...authKeys.all, 'subscription'] });
}

/**
 * The signed-in user (or null) and their subscription, loaded only while a user is present. While
 * React hydrates a prerendered page (boot.tsx) it is still loading, as the build drew it, whatever
 * the session's answer: React does not correct a hydrated element's attributes (the header's hidden
 * 'Sign In', a busy plan button). The next render draws the answer.
 */
export function useAuth() {
  const userQuery = useQuery(userQueryOptions);
  const hydrating = useHydrating();
  // Logged out offline: whatever the cache restored, nobody is signed in on this phone.
  const user = hydrating || readPendingLogout() ? null : (userQuery.data ?? null);
  const subscriptionQuery = useQuery({
    ...subscriptionQueryOptions(user?.id ?? 0),
    enabled: user !== null,
  });
  const subscription = user ? (subscriptionQuery.data ?? null) : null;
  return {
    user,
    isLoading: hydrating || userQuery.isPending,
    subscription,
    isSubscriptionLoading: user !== null && subscriptionQuery.isPending,
    /** The Pro tools are open to this account: paid, granted, or every account's on this server. */
    hasPro: hasProAccess(subscription),
    /** Why (PlanAccess in the server's words); 'none' while unknown. */
    proAccess: proAccessOfAnswer(subscription),
  };
}

function proAccessOfAnswer(subscription: SubscriptionInfo | null): ProAccess {
  if (!subscription) return 'none';
  return subscription.access ?? (hasProAccess(subscription) ? 'subscription' : 'none');
}

/** Who is asking, as far as the plans go: a guest, a signed-in user without Pro, or one with it. */
export type PlanAccess = 'guest' | 'free' | 'paid';

/**
 * The plan access of whoever is signed in, for a route guard or a tap on a PRO tool. A cached 'has
 * Pro' is trusted (also offline, from the persisted cache), so a paying user is not bounced to
 * pricing by a network blip (a failed check keeps it: subscriptionQueryOptions); a cached 'no Pro'
 * is checked with the server first, so someone who has just paid or been granted Pro (on this
 * device or another) is let in at once.
 */
export async function loadPlanAccess(queryClient: QueryClient): Promise<PlanAccess> {
  // Nobody known yet (a first start on a Pro tool): the plan is asked beside the user, not after,
  // as the session cookie answers both; a Pro tool opened cold then waits one round trip, not two.
  const early =
    queryClient.getQueryData(authKeys.user) === undefined && onlineManager.isOnline()
      ? api
          .query<SubscriptionInfo>('/api/user/subscription', { on401: 'returnNull' })
          .catch(() => null)
      : null;
  const user = await loadSessionUser(queryClient);
  if (!user) return 'guest';
  const answer = await early;
  if (answer) {
    // As fresh as a check made now: taken as it is.
    queryClient.setQueryData(authKeys.subscription(user.id), answer);
    return hasProAccess(answer) ? 'paid' : 'free';
  }
  // No retries here: a navigation waits for this. No answer at all counts as no subscription.
  const options = { ...subscriptionQueryOptions(user.id), retry: false };
  const cached = await queryClient.ensureQueryData(options).catch(() => NO_SUBSCRIPTION);
  if (hasProAccess(cached)) return 'paid';
  const fresh = await queryClient.fetchQuery({ ...options, staleTime: 0 }).catch(() => cached);
  return hasProAccess(fresh) ? 'paid' : 'free';
}

/**
 * The signed-in user for a route guard: null when logged out or when the lookup fails. An answer
 * restored from the last run (queryClient.ts marks it invalidated) is checked with the server when
 * there is a network, and used as it is when there is none: the app starts offline.
 *
 * Given `onChanged`, a rep restored from the last run is not kept waiting for that check: with one
 * bar of signal it takes a round trip of a second or more, or hangs, while the rep's own work is on
 * the phone. They are let in at once, and `onChanged` runs if the server's answer names someone else
 * or no one (the session ended elsewhere), so the guards can run again with it.
 */
export async function loadSessionUser(
  queryClient: QueryClient,
  onChanged?: () => void,
): Promise<User | null> {
  // Logged out offline (the cache restored from the last run may still name the user): signed out
  // until the server has ended that session, and then as the server says.
  if (readPendingLogout()) {
    queryClient.setQueryData(authKeys.user, null);
    if (!(await settlePendingLogout())) {
      retryPendingLogout();
      return null;
    }
    // Asked afresh: the null set just above is not an answer. When the waiting logout found the
    // session gone (the rep, or someone else, signed in again meanwhile), that login is who is here.
    return queryClient
      .fetchQuery({ ...userQueryOptions, retry: false, staleTime: 0 })
      .catch(() => null);
  }
  const restored = queryClient.getQueryState<User | null>(authKeys.user);
  if (restored?.isInvalidated && onlineManager.isOnline()) {
    const asked = queryClient.fetchQuery({ ...userQueryOptions, retry: false });
    const known = restored.data;
    if (known && onChanged) {
      void asked.then(
        (user) => user?.id !== known.id && onChanged(),
        // No answer (no signal after all, a failing server): the restored rep stays, as offline.
        () => undefined,
      );
      return known;
    }
    try {
      return await asked;
    } catch (error) {
      if (!(error instanceof OfflineError)) return null;
    }
  }
  try {
    return await queryClient.ensureQueryData(userQueryOptions);
  } catch {
    return null;
  }
}

/**
 * What starting a session in this browser does around its call, for a login and a registration
 * alike: forget a logout that waited for the network (put back if the call fails), then a fresh
 * CSRF token and nothing cached from whoever was signed in before.
 */
function useSessionStart() {
  const queryClient = useQueryClient();
  return {
    onMutate: () => {
      recordLoginAttempt();
      // A login ends whatever session this browser held, one an offline logout waited to end too.
      // Forget that logout before the new session's cookie can arrive, so a retry running meanwhile
      // never ends the new session; put it back if the login fails.
      const pendingLogout = readPendingLogout();
      forgetPendingLogout();
      return { pendingLogout };
    },
    onError: (
      _error: unknown,
      _input: unknown,
      context: { pendingLogout: ReturnType<typeof readPendingLogout> } | undefined,
    ) => {
      if (!context?.pendingLogout) return;
      queuePendingLogout(context.pendingLogout.userId, context.pendingLogout.at);
      retryPendingLogout();
    },
    onSuccess: ({ user }: AuthResponse) => {
      recordLoginSuccess(user.id);
      // A login session signs its own CSRF tokens (the guest's stop working): fetch a fresh one.
      api.resetCsrfToken();
      // Nothing cached for whoever was signed in before may leak into this session (the service
      // worker's copies of chat reads included).
      removeAllButUser(queryClient);
      void clearApiCache();
      queryClient.setQueryData(authKeys.user, user);
    },
  };
}

export function useLoginMutation() {
  const sessionStart = useSessionStart();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input),
    ...sessionStart,
  });
}

/**
 * POST /api/auth/passkey: sign in with a passkey's answer (features/auth/passkeys.ts gets it from the
 * browser first, so a ceremony waiting on the rep, the autofill's, starts no session work).
 */
export function usePasskeyLoginMutation() {
  const sessionStart = useSessionStart();
  return useMutation({
    mutationFn: (response: AuthenticationResponseJSON) =>
      api.post<AuthResponse>('/api/auth/passkey', { response }),
    // Its challenge is taken once: a retry could only be refused as used.
    retry: false,
    ...sessionStart,
  });
}

/**
 * Registration signs the new account in (the server starts its session), so the rep goes straight
 * on instead of being sent to the login tab to type the password again (docs/first-minutes.md).
 */
export function useRegisterMutation() {
  const sessionStart = useSessionStart();
  return useMutation({
    mutationFn: (input: RegisterInput) => api.post<AuthResponse>('/api/auth/register', input),
    ...sessionStart,
  });
}

/** POST /api/auth/forgot: a reset link by email. The answer's message is the same for every address. */
export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<{ message: string }>('/api/auth/forgot', input),
  });
}

/**
 * POST /api/auth/reset: the new password, with the emailed link's token. The server ends every
 * session of the account and signs this browser in, so it starts a session as a login does.
 */
export function useResetPasswordMutation() {
  const sessionStart = useSessionStart();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) => api.post<AuthResponse>('/api/auth/reset', input),
    ...sessionStart,
  });
}

/**
 * Drops every cached query except the user lookup. The user query is updated in place rather than
 * removed so that mounted observers (the header) are notified of the change.
 */
function removeAllButUser(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== hashKey(authKeys.user) });
}

/** Forget everything about the user that was, whether or not the server heard the logout. */
export function clearSession(queryClient: QueryClient): void {
  clearAuthStorage();
  void clearApiCache();
  removeAllButUser(queryClient);
  queryClient.setQueryData(authKeys.user, null);
  // The server drops the session with its CSRF secret; the next mutation fetches a fresh token.
  api.resetCsrfToken();
}

/** How a logout went on the server: done, or waiting for the network (`queued`). */
export interface LogoutResult {
  queued: boolean;
}

export function useLogoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<LogoutResult> => {
      const userId = queryClient.getQueryData<User | null>(authKeys.user)?.id;
      // This browser takes no more reminders for the rep leaving: asked while the session still
      // says whose (a few seconds at most; loaded on demand, out of the entry chunk).
      await import('../notifications/pushSubscription')
        .then(({ dropPushSubscription }) => dropPushSubscription(userId))
        .catch(() => undefined);
      try {
        await api.post<{ ok: boolean }>('/api/auth/logout');
        return { queued: false };
      } catch (error) {
        // No network, or the server is down: the session is ended as soon as it can be reached.
        const unreachable =
          error instanceof OfflineError || (error instanceof ApiError && error.status >= 500);
        if (!unreachable || userId === undefined) throw error;
        queuePendingLogout(userId);
        retryPendingLogout();
        return { queued: true };
      }
    },
    // Offline is when this matters most: never paused waiting for a network (TanStack's default).
    networkMode: 'always',
    // A failed logout is not retried here: the user is logged out locally either way.
    retry: false,
    onSettled: () => {
      const userId = queryClient.getQueryData<User | null>(authKeys.user)?.id;
      clearSession(queryClient);
      // The user's local chats go too, with the search index kept beside them (stopped first, so
      // nothing holds their database open). Loaded on demand: out of the entry chunk.
      if (userId !== undefined) {
        void import('../search/deviceSearch')
          .then(({ dropDeviceIndex }) => dropDeviceIndex(userId))
          .catch(() => undefined)
          .then(() => import('../../data/db'))
          .then(({ clearUserData }) => clearUserData(userId))
          .catch((error: unknown) => console.warn('Could not clear local data', error));
      }
    },
  });
}
