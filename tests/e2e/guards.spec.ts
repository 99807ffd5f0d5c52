import { expect, test } from './fixtures';
import { withoutServiceWorker } from './support/browser';

// These stories test neither the service worker nor what it answers (support/browser.ts).
test.use(withoutServiceWorker);

test('a guest opening the chat is sent to log in, and comes back after', async ({ page }) => {
  await page.goto('/chat');
  await expect(page).toHaveURL(/\/auth\?redirect=chat$/);
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
});

test('a guest opening the dashboard is told to log in and sent to /auth', async ({
  page,
  auth,
}) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=dashboard$/);
  await auth.expectToast('Login Required');
});
