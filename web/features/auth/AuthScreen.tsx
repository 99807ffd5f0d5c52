import { informationCircleOutline } from 'ionicons/icons';
import { Link, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import { LANDING_TOOLS, isFreeTool } from '../../../domain/playbooks/tools';
import { signInDestination } from '../../../domain/signInDestination';
import { useHydrating } from '../../prerender/takeover';
import { BrandMark } from '../../ui/BrandMark';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { useAuth } from './auth.queries';
import {
  readLoginAttemptAt,
  readPendingChatDestination,
  savePendingChatDestination,
  type PendingChatDestination,
} from './authStorage';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Tab = 'login' | 'register';
const TABS: ReadonlyArray<{ tab: Tab; label: string }> = [
  { tab: 'login', label: 'Login' },
  { tab: 'register', label: 'Register' },
];

/** Why a guest who tapped a landing tool card is asked to sign in, and what comes next. */
export function pendingToolReason({ title, interviewType }: PendingChatDestination): string {
  return isFreeTool(interviewType)
    ? `“${title}” is free with an account. Log in or create one, and the chat opens.`
    : `“${title}” is a PRO tool. Log in or create a free account first; then you can upgrade to Pro to use it.`;
}

/**
 * The tool a guest's card link names (`?tool=`), kept as the pending chat destination as a tap on the
 * card in the app keeps it; else the one kept before. Only with `redirect=pricing`, as the card sends.
 */
function pendingToolOf(
  redirect: string | undefined,
  toolType: string | undefined,
): PendingChatDestination | null {
  if (redirect !== 'pricing') return null;
  const tool = LANDING_TOOLS.find((candidate) => candidate.type === toolType);
  if (!tool) return readPendingChatDestination();
  const destination = { title: tool.title, interviewType: tool.type };
  savePendingChatDestination(destination);
  return destination;
}

/**
 * A rep found signed in after the screen was drawn (the route's guard had no answer to go by: the
 * session's answer came later, or a logout that waited for the network found the session was
 * already the rep's new one) is sent on, as the guard and the server would have sent them. Not
 * after a sign-in or a registration on this screen: its form sends the rep on itself, to where the
 * app kept (a checkout, a tool), which this rule does not know.
 */
function useSendSignedInOnward(redirect: string | undefined, tool: string | undefined): void {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [openedAt] = useState(() => Date.now());
  useEffect(() => {
    if (!user || readLoginAttemptAt() >= openedAt) return;
    void navigate({ href: signInDestination({ redirect, tool }), replace: true });
  }, [user, openedAt, navigate, redirect, tool]);
}

/**
 * /auth and /auth/{login|register}: the two forms under one segment. Plain elements drawn as
 * Ionic's Material segment and fields: the screen is prerendered and a first visit runs none of
 * Ionic, so it works before the app's script has loaded. The tabs are links, so they work before
 * the app has taken the page over.
 */
export function AuthScreen() {
  const { tab: tabParam } = useParams({ strict: false });
  const { redirect, email, tool: toolType, error: errorCode } = useSearch({ from: '/auth' });
  const navigate = useNavigate();
  // A guest sent here by a tool card (login, then pricing) is told why, once.
  const [pendingTool] = useState(() => pendingToolOf(redirect, toolType));
  // Not while hydrating: the build drew the page without it (a card's link arrives here on a first visit).
  const hydrating = useHydrating();
  const tab: Tab = tabParam === 'register' ? 'register' : 'login';
  useKeyboardInView();
  useSendSignedInOnward(redirect, toolType);

  const showTab = (next: Tab) => {
    if (next !== tab)
      void navigate({
        to: '/auth/$tab',
        params: { tab: next },
        search: withoutError,
        replace: true,
      });
  };

  // The segment's arrow keys, as Ionic's: the other tab, focused.
  const handleTabKey = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next: Tab = tab === 'login' ? 'register' : 'login';
    showTab(next);
    document.getElementById(`auth-tab-${next}`)?.focus();
  };

  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <BrandMark size={44} />
          <h1>{tab === 'login' ? 'Welcome back' : `Join ${PRODUCT_NAME}`}</h1>
          <p className="muted">
            {tab === 'login'
              ? 'Sign in to pick up where you left off.'
              : 'Create a free account to save your chats and plans.'}
          </p>
        </div>
        {pendingTool && !hydrating && (
          <div className="callout auth-card__reason" role="note">
            <InlineIcon icon={informationCircleOutline} />
            <p>{pendingToolReason(pendingTool)}</p>
          </div>
        )}
        <div className="segment" role="tablist" aria-label="Account" onKeyDown={handleTabKey}>
          {TABS.map((item) => (
            <Link
              key={item.tab}
              id={`auth-tab-${item.tab}`}
              to="/auth/$tab"
              params={{ tab: item.tab }}
              search={withoutError}
              replace
              role="tab"
              aria-selected={tab === item.tab}
              aria-controls="auth-panel"
              tabIndex={tab === item.tab ? 0 : -1}
              className="segment__tab"
            >
              {item.label}
            </Link>
          ))}
        </div>
        <div id="auth-panel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`}>
          {tab === 'login' ? (
            <LoginForm redirect={redirect} errorCode={errorCode} />
          ) : (
            <RegisterForm initialEmail={email} redirect={redirect} errorCode={errorCode} />
          )}
        </div>
      </section>
    </Screen>
  );
}

/** The other tab keeps the search, but not one form's error: it is not the other form's. */
function withoutError<T extends { error?: string }>({ error: _error, ...rest }: T) {
  return rest;
}
