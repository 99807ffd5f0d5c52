import { IonButton, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { useLoginMutation } from './auth.queries';
import { loginFailureMessage } from './authMessages';
import { TextField } from './TextField';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

interface LoginFormProps {
  /** Prefilled after a successful registration. */
  initialUsername?: string;
  redirect: string | undefined;
}

export function LoginForm({ initialUsername = '', redirect }: LoginFormProps) {
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const login = useLoginMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: ({ user }) => {
          toast({ header: 'Welcome back', message: `Signed in as ${user.name || user.username}.`, color: 'success' });
          // The spec's 100 ms: lets the refreshed auth state reach the header before the screen changes.
          setTimeout(() => void goToDestination(redirect), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => toast({ header: 'Login failed', message: loginFailureMessage(error), color: 'danger' }),
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} aria-label="Login">
      <TextField label="Username" name="username" autocomplete="username" value={username} onChange={setUsername} />
      <TextField label="Password" name="password" type="password" autocomplete="current-password" value={password} onChange={setPassword} />
      {login.isError && (
        <p className="form-error" role="alert">
          {loginFailureMessage(login.error)}
        </p>
      )}
      <IonButton type="submit" expand="block" disabled={login.isPending || login.isSuccess}>
        {login.isPending ? <IonSpinner name="dots" aria-label="Signing in" /> : 'Sign in'}
      </IonButton>
      {/* Lets Enter in a field submit the form: Ionic's button is not a native submit button. */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
    </form>
  );
}
