import { expect, test } from './fixtures';

/** Item 11 in the browser: the register form tells the user the server's reason, naming the field. */

test('security: 11. the register form shows why a common password is refused', async ({ auth, newAccount }) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, password: 'Password1' });
  const reason = 'password: This password is one of the most common ones and easy to guess. Choose another.';
  await auth.expectToast('Registration failed', reason);
  await expect(auth.registerForm.getByRole('alert')).toHaveText(reason);
});

test('security: 11. the register form shows why a username with an invisible character is refused', async ({ auth, newAccount }) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, username: `${newAccount.username}\u200b` });
  await expect(auth.registerForm.getByRole('alert')).toHaveText(
    'username: Username may not contain control or invisible characters (such as zero-width or text-direction marks)',
  );
});

test('security: 11. the register form shows why a password equal to the username is refused', async ({ auth, newAccount }) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, password: newAccount.username });
  await expect(auth.registerForm.getByRole('alert')).toHaveText('password: Password must not be the same as your username');
});
