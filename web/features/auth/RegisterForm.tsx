import { registerFieldErrors } from '../../../domain/accountFields';
import { AUTH_FORM_PATHS } from '../../../domain/contract/authForm';
import { LOGIN_REDIRECT_DELAY_MS } from '../../../domain/limits';
import { useToast } from '../../ui/ToastProvider';
import { useRegisterMutation } from './auth.queries';
import { AuthForm } from './AuthForm';
import { registerFailureMessage } from './authMessages';
import { EMAIL_FIELD, TextField } from './TextField';
import { usePrerenderedFormFields } from './usePrerenderedFormFields';
import { newAccountToast } from './newAccountWelcome';
import { useGoToPostLoginDestination } from './useGoToPostLoginDestination';

interface RegisterFormProps {
  initialEmail?: string;
  /** Where to go once signed in, as after a login (the chat unless the address names another page). */
  redirect: string | undefined;
  /** Why the form the browser posted itself (before the app took the page over) was refused. */
  errorCode?: string;
}

/**
 * Registration: the new account is signed in and goes where a login would (the chat), greeted as new
 * (the spec's login tab and second password entry are left out). Every field's problem shows at once under the field, in plain words, checked here
 * before anything is sent and then by the server (a taken name, a common password); a failure that
 * belongs to no field (offline, too many attempts) shows once above the button, never as a toast too.
 */
export function RegisterForm({ initialEmail = '', redirect, errorCode }: RegisterFormProps) {
  const { field, form, failure, fail, submitWith } = usePrerenderedFormFields(
    ['name', 'username', 'email', 'password'],
    errorCode,
    { email: initialEmail },
  );
  const register = useRegisterMutation();
  const toast = useToast();
  const goToDestination = useGoToPostLoginDestination();

  const handleSubmit = submitWith(registerFieldErrors, (values) =>
    register.mutate(
      {
        name: values.name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      {
        onSuccess: ({ user }) => {
          toast(newAccountToast(user));
          // As after a login: the signed-in state reaches the header before the screen changes.
          setTimeout(() => void goToDestination(redirect), LOGIN_REDIRECT_DELAY_MS);
        },
        onError: (error) => fail(error, registerFailureMessage),
      },
    ),
  );

  return (
    // The browser posts the form to the server itself before the app takes the page over: the
    // server creates the account, signs in and redirects.
    <AuthForm
      label="Register"
      form={form}
      action={AUTH_FORM_PATHS.register}
      onSubmit={handleSubmit}
      failure={failure}
      failureLead="Registration failed:"
      submit={{ label: 'Create account', busyLabel: 'Creating account', busy: register.isPending }}
    >
      <TextField label="Full name" autocomplete="name" {...field('name')} />
      <TextField label="Username" autocomplete="username" {...field('username')} />
      <TextField {...EMAIL_FIELD} {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autocomplete="new-password"
        {...field('password')}
      />
    </AuthForm>
  );
}
