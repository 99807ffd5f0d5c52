/**
 * /setup: a fresh server's one-time setup link (routes/setup.ts puts its token aside). Whoever
 * opens it signs in or registers (the usual auth screen, which brings them back here), then claims
 * the server with the token and lands in Settings → Model to connect a language model.
 */
// oxlint-disable-next-line import/no-unassigned-import -- the settings screens' stylesheet, loaded with their chunk
import './settings.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { alertCircleOutline, checkmarkCircleOutline, keyOutline } from 'ionicons/icons';
import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { SettingsErrorCode } from '../../../domain/contract/settings';
import { PRODUCT_NAME } from '../../../domain/limits';
import { ApiError, OfflineError, UnauthorizedError } from '../../data/api';
import { InlineIcon } from '../../ui/InlineIcon';
import { Screen } from '../../ui/Screen';
import { useAuth } from '../auth/auth.queries';
import { isOperator } from './modelStatus';
import {
  forgetSetupToken,
  markLeavingToSignIn,
  readSetupToken,
  takeReturningFromSignIn,
} from './setupToken';
import { setupStatusQueryOptions, useClaimSetup } from './settings.queries';

/** Why a claim was refused, by the server's code, in words for whoever opened the link (the server's own words follow). */
export function claimFailureMessage(error: unknown): { title: string; detail: string } {
  const code = error instanceof ApiError ? error.code : undefined;
  const said = error instanceof Error && error.message ? error.message : '';
  if (code === SettingsErrorCode.setupTokenInvalid) {
    return {
      title: 'This setup link is not valid',
      detail: said || `Open the newest setup link ${PRODUCT_NAME} printed when it started.`,
    };
  }
  if (code === SettingsErrorCode.operatorExists)
    return {
      title: `This ${PRODUCT_NAME} already has an operator`,
      detail: OPERATOR_EXISTS_DETAIL,
    };
  if (error instanceof OfflineError)
    return {
      title: 'Could not reach the server',
      detail: 'Check the connection, then try again: the setup link still works.',
    };
  return {
    title: 'Setup did not finish',
    detail: `${said || 'The server could not finish it.'} The setup link still works: try again.`,
  };
}

/**
 * Whether a refused claim used the link up: the token was wrong or spent, or someone else is the
 * operator. Anything else (offline, too many tries, a server error, a session that ended) did not
 * use it, so the token stays for 'Try again'.
 */
export function claimSpentToken(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === SettingsErrorCode.setupTokenInvalid ||
      error.code === SettingsErrorCode.operatorExists)
  );
}

const OPERATOR_EXISTS_DETAIL =
  'Only its operator can connect a model or change it. Everything else works as it is.';

export function SetupScreen() {
  const { user, isLoading } = useAuth();
  const status = useQuery(setupStatusQueryOptions);
  const navigate = useNavigate();
  const [token] = useState(readSetupToken);
  const [returning] = useState(takeReturningFromSignIn);
  const claim = useClaimSetup();
  const claimed = useRef(false);

  const goToModel = () => void navigate({ to: '/settings/model', replace: true });
  const handleClaim = () => {
    if (!token || claimed.current) return;
    claimed.current = true;
    claim.mutate(token, {
      onSuccess: () => {
        forgetSetupToken();
        goToModel();
      },
      onError: (error) => {
        claimed.current = false;
        if (claimSpentToken(error)) forgetSetupToken();
      },
    });
  };

  // Back from signing in or registering for this: claim at once, as asked.
  const operatorExists = status.data?.operatorExists;
  // The server has its operator (this user or another): the link can do nothing more.
  const alreadySetUp = operatorExists === true || (user !== null && isOperator(user));
  useEffect(() => {
    if (alreadySetUp) forgetSetupToken();
  }, [alreadySetUp]);
  useEffect(() => {
    if (returning && user && token && operatorExists === false && !claimed.current) handleClaim();
    // handleClaim only reads what the conditions name.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, [returning, user, token, operatorExists]);

  const intro = (
    <section className="page-intro setup-intro">
      <p className="eyebrow">First-time setup</p>
      <h1>Set up {PRODUCT_NAME}: you become its operator</h1>
      <p className="lede">
        The operator connects the AI model everyone here uses (OpenAI, or a model server of your own
        such as Ollama or LM Studio) and is the only one who can change it.
      </p>
    </section>
  );

  if (isLoading || status.isPending || (claim.isPending && !claim.isError) || claim.isSuccess) {
    return (
      <Screen width="narrow">
        {intro}
        <p className="setup-busy" role="status">
          <span className="pp-spinner pp-spinner--small" aria-hidden="true" />
          {claim.isPending || claim.isSuccess
            ? 'Making you the operator…'
            : 'Checking this server…'}
        </p>
      </Screen>
    );
  }

  if (claim.isError) {
    if (claim.error instanceof UnauthorizedError) return <SetupShell intro={intro} />;
    const { title, detail } = claimFailureMessage(claim.error);
    return (
      <Problem
        intro={intro}
        title={title}
        detail={detail}
        onRetry={claimSpentToken(claim.error) ? undefined : handleClaim}
      />
    );
  }

  if (user && isOperator(user)) {
    return (
      <Screen width="narrow">
        {intro}
        <section className="state-card" aria-labelledby="setup-done-heading">
          <InlineIcon icon={checkmarkCircleOutline} className="state-card__icon" />
          <h2 id="setup-done-heading">You are this server's operator</h2>
          <p className="muted">Connect or change the AI model in Settings → Model.</p>
          <div className="state-card__actions">
            <Link to="/settings/model" className="pp-button pp-button--primary">
              Open Settings → Model
            </Link>
          </div>
        </section>
      </Screen>
    );
  }

  if (operatorExists) {
    return (
      <Problem
        intro={intro}
        title={`This ${PRODUCT_NAME} already has an operator`}
        detail={OPERATOR_EXISTS_DETAIL}
      />
    );
  }

  if (status.isError)
    return (
      <Problem intro={intro} title="Could not check this server" detail={status.error.message} />
    );

  if (!token) {
    return (
      <Problem
        intro={intro}
        title="This page needs the setup link"
        detail={`Open the setup link ${PRODUCT_NAME} printed when it started (it ends in ?token=…), in this browser.`}
      />
    );
  }

  if (!user) return <SetupShell intro={intro} />;

  return (
    <Screen width="narrow">
      {intro}
      <section className="panel setup-claim" aria-labelledby="setup-claim-heading">
        <h2 id="setup-claim-heading">Signed in as {user.name || user.username}</h2>
        <p className="muted">
          This account becomes the operator. You can connect a model right after.
        </p>
        <button
          type="button"
          className="pp-button pp-button--primary setup-claim__button"
          onClick={handleClaim}
        >
          <InlineIcon icon={keyOutline} />
          Become the operator
        </button>
      </section>
    </Screen>
  );
}

/** Signed out: sign in or register on the usual screen, which brings the visitor back here to claim. */
function SetupShell({ intro }: { intro: ReactNode }) {
  return (
    <Screen width="narrow">
      {intro}
      <section className="panel setup-claim" aria-labelledby="setup-account-heading">
        <h2 id="setup-account-heading">First, your account</h2>
        <p className="muted">
          Create an account or sign in: it becomes the operator, and you come straight back here.
        </p>
        <div className="setup-claim__actions">
          <AuthLink tab="register" className="pp-button pp-button--primary">
            Create account
          </AuthLink>
          <AuthLink tab="login" className="pp-button">
            Sign in
          </AuthLink>
        </div>
      </section>
    </Screen>
  );
}

/** A dead end, or with onRetry a failure that did not use the link up (offline, busy, a server error). */
function Problem({
  intro,
  title,
  detail,
  onRetry,
}: {
  intro: ReactNode;
  title: string;
  detail: string;
  onRetry?: () => void;
}) {
  return (
    <Screen width="narrow">
      {intro}
      <section className="state-card" aria-labelledby="setup-problem-heading" role="alert">
        <InlineIcon
          icon={alertCircleOutline}
          className="state-card__icon state-card__icon--warning"
        />
        <h2 id="setup-problem-heading">{title}</h2>
        <p className="muted">{detail}</p>
        <div className="state-card__actions">
          {onRetry && (
            <button type="button" className="pp-button pp-button--primary" onClick={onRetry}>
              Try again
            </button>
          )}
          <Link to="/" className="pp-button">
            Go to {PRODUCT_NAME}
          </Link>
        </div>
      </section>
    </Screen>
  );
}

/** To the sign-in screen's tab, coming back to setup once signed in. */
function AuthLink({
  tab,
  className,
  children,
}: {
  tab: 'register' | 'login';
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      to="/auth/$tab"
      params={{ tab }}
      search={{ redirect: 'setup' }}
      className={className}
      onClick={markLeavingToSignIn}
    >
      {children}
    </Link>
  );
}
