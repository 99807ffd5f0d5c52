import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Result } from 'axe-core';
import { settle } from './settle';

/** What fails a screen: axe-core's two highest impacts. Moderate and minor findings are left to review. */
const FAILING = new Set(['serious', 'critical']);

/** One line per failing node: where it is and what axe-core says to fix. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map(
    (node) =>
      `    at ${node.target.join(' >>> ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`,
  );
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
}

/**
 * Runs axe-core on the page as it is (open shadow roots included: Ionic draws its parts there) and
 * fails on any serious or critical violation, listing each with the elements and axe's advice.
 * Every default rule runs, plus 'label-content-name-mismatch' (an accessible name that does not
 * contain the visible label: a speech user says what they see), which axe-core ships switched off.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<void> {
  let failing = await seriousViolations(page);
  // A toast that starts to fade out just as axe-core reads it is measured at its passing opacity
  // (a 4.2:1 half-faded header): what fails is judged again once the page is still.
  if (failing.length) failing = await seriousViolations(page);
  expect(
    failing.length,
    `axe-core on ${screen} (${page.url()}):\n${failing.map(describe).join('\n')}`,
  ).toBe(0);
}

async function seriousViolations(page: Page): Promise<Result[]> {
  await settle(page);
  const results = await new AxeBuilder({ page })
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations.filter((v) => FAILING.has(v.impact ?? ''));
}
