import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The app's Content-Security-Policy allows no eval and no inline script but its own: nothing the
// pages run may trip it. Chromium reports each violation as a DevTools issue (what Lighthouse's
// best practices count), even one a library catches, such as zod 4's probe for eval.

/** The CSP violations Chromium reports for `page` from now on. */
async function cspIssues(page: Page): Promise<string[]> {
  const issues: string[] = [];
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Audits.issueAdded', ({ issue }) => {
    if (issue.code === 'ContentSecurityPolicyIssue')
      issues.push(JSON.stringify(issue.details.contentSecurityPolicyIssueDetails));
  });
  await cdp.send('Audits.enable');
  return issues;
}

test('a first visit trips no Content-Security-Policy: the landing page, its idea analysis, pricing and sign-in', async ({
  page,
}) => {
  const issues = await cspIssues(page);
  await page.goto('/');
  await page.getByRole('textbox').first().fill('A scheduling app for veterinary clinics');
  await page.getByRole('button', { name: 'Analyze (without signing up)' }).click();
  await expect(page).toHaveURL(/\/onboarding/);
  await page.goto('/pricing');
  await page.goto('/auth/login');
  await page.waitForLoadState('networkidle');
  expect(issues).toEqual([]);
});

test('the signed-in chat trips no Content-Security-Policy', async ({ page, chat, newAccount }) => {
  const issues = await cspIssues(page);
  await chat.openAsNewUser(newAccount);
  await chat.send('What should my first cold email say?');
  await expect(chat.replyText()).toContainText('You said:');
  expect(issues).toEqual([]);
});
