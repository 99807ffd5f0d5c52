import { IonIcon, IonLabel } from '@ionic/react';
import { informationCircleOutline } from 'ionicons/icons';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { PRODUCT_NAME } from '../../../domain/limits';
import { isFreeTool } from '../../../domain/playbooks/tools';
import { BrandMark } from '../../ui/BrandMark';
import { Screen } from '../../ui/Screen';
import { useKeyboardInView } from '../../ui/useKeyboardInView';
import { readPendingChatDestination, type PendingChatDestination } from './authStorage';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';
import { IonSegment, IonSegmentButton } from './authIonic';

type Tab = 'login' | 'register';

/** Why a guest who tapped a landing tool card is asked to sign in, and what comes next. */
export function pendingToolReason({ title, interviewType }: PendingChatDestination): string {
  return isFreeTool(interviewType)
    ? `“${title}” is free with an account. Log in or create one, and the chat opens.`
    : `“${title}” is a PRO tool. Log in or create a free account first; then you can upgrade to Pro to use it.`;
}

/** /auth and /auth/{login|register}: the two forms under one segment (spec §2 'Auth screen'). */
export function AuthScreen() {
  const { tab: tabParam } = useParams({ strict: false });
  const { redirect, email } = useSearch({ from: '/auth' });
  const navigate = useNavigate();
  const [registeredUsername, setRegisteredUsername] = useState<string>();
  // A guest sent here by a tool card (spec §4: login, then pricing) is told why, once.
  const [pendingTool] = useState(() => (redirect === 'pricing' ? readPendingChatDestination() : null));
  const tab: Tab = tabParam === 'register' ? 'register' : 'login';
  useKeyboardInView();

  const showTab = (next: Tab) => {
    if (next !== tab) void navigate({ to: '/auth/$tab', params: { tab: next }, search: (prev) => prev, replace: true });
  };

  const handleRegistered = (username: string) => {
    setRegisteredUsername(username);
    showTab('login');
  };

  return (
    <Screen width="narrow" className="auth-screen">
      <section className="auth-card">
        <div className="auth-card__brand">
          <BrandMark size={44} />
          <h1>{tab === 'login' ? 'Welcome back' : `Join ${PRODUCT_NAME}`}</h1>
          <p className="muted">
            {tab === 'login' ? 'Sign in to pick up where you left off.' : 'Create a free account to save your chats and plans.'}
          </p>
        </div>
        {pendingTool && (
          <div className="callout auth-card__reason" role="note">
            <IonIcon icon={informationCircleOutline} aria-hidden="true" />
            <p>{pendingToolReason(pendingTool)}</p>
          </div>
        )}
        <IonSegment value={tab} onIonChange={(event) => showTab(event.detail.value === 'register' ? 'register' : 'login')}>
          <IonSegmentButton value="login">
            <IonLabel>Login</IonLabel>
          </IonSegmentButton>
          <IonSegmentButton value="register">
            <IonLabel>Register</IonLabel>
          </IonSegmentButton>
        </IonSegment>
        {tab === 'login' ? (
          <LoginForm initialUsername={registeredUsername} redirect={redirect} />
        ) : (
          <RegisterForm initialEmail={email} onRegistered={handleRegistered} />
        )}
      </section>
    </Screen>
  );
}
