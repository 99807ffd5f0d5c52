import { IonButton, IonSpinner } from '@ionic/react';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useToast } from '../../ui/ToastProvider';
import { useRegisterMutation } from './auth.queries';
import { registerFailureMessage } from './authMessages';
import { TextField } from './TextField';

interface RegisterFormProps {
  initialEmail?: string;
  /** Called with the new username once the account exists. */
  onRegistered: (username: string) => void;
}

export function RegisterForm({ initialEmail = '', onRegistered }: RegisterFormProps) {
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const register = useRegisterMutation();
  const toast = useToast();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { name: name.trim(), username: username.trim(), email: email.trim(), password },
      {
        onSuccess: ({ user }) => {
          toast({ header: 'Account created', message: 'Sign in with your new account to get started.', color: 'success' });
          onRegistered(user.username);
        },
        onError: (error) => toast({ header: 'Registration failed', message: registerFailureMessage(error), color: 'danger' }),
      },
    );
  };

  return (
    <form className="auth-form" onSubmit={handleSubmit} aria-label="Register">
      <TextField label="Full name" name="name" autocomplete="name" value={name} onChange={setName} />
      <TextField label="Username" name="username" autocomplete="username" value={username} onChange={setUsername} />
      <TextField label="Email" name="email" type="email" inputmode="email" autocomplete="email" value={email} onChange={setEmail} />
      <TextField label="Password" name="password" type="password" autocomplete="new-password" value={password} onChange={setPassword} />
      {register.isError && (
        <p className="form-error" role="alert">
          {registerFailureMessage(register.error)}
        </p>
      )}
      <IonButton type="submit" expand="block" disabled={register.isPending}>
        {register.isPending ? <IonSpinner name="dots" aria-label="Creating account" /> : 'Create account'}
      </IonButton>
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
    </form>
  );
}
