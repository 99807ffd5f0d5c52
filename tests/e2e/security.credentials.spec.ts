import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

/** Item 11 in the browser: the register form tells the user the server's reason, under the field it is about. */

test('the register form shows why a common password is refused', async ({ auth, newAccount }) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, password: 'Password1' });
  await expect(auth.fieldError('Password')).toHaveText(
    'This password is one of the most common ones and easy to guess. Choose another.',
  );
});

test('the register form shows why a username with an invisible character is refused', async ({
  auth,
  newAccount,
}) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, username: `${newAccount.username}\u200b` });
  await expect(auth.fieldError('Username')).toHaveText(
    'Username may not contain control or invisible characters (such as zero-width or text-direction marks)',
  );
});

test('the register form shows why a password equal to the username is refused', async ({
  auth,
  newAccount,
}) => {
  await auth.open('/auth');
  await auth.register({ ...newAccount, password: newAccount.username });
  await expect(auth.fieldError('Password')).toHaveText(
    'Password must not be the same as your username',
  );
});
