import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions, run } from 'axe-core';
import { settle } from './settle';

/** What fails a screen: axe-core's two highest impacts. Moderate and minor findings are left to review. */
const FAILING = new Set(['serious', 'critical']);

/** axe-core's browser build, read once per worker and put into a page only when it lacks it. */
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Every default rule, plus 'label-content-name-mismatch' (an accessible name that does not contain
 * the visible label: a speech user says what they see), which axe-core ships switched off. The app
 * draws no frames of its own, so axe-core reads the top document alone.
 */
const OPTIONS: RunOptions = {
  rules: { 'label-content-name-mismatch': { enabled: true } },
  iframes: false,
};

/**
 * Runs axe-core on the page as it is (open shadow roots included: Ionic draws its parts there),
 * optionally within one part of it (a CSS selector). axe-core is injected once per document: the
 * app moves between screens without loading a new one, and injecting its half megabyte of script
 * anew for every check (as @axe-core/playwright does, with a blank page of its own to merge the
 * results in) was most of a screen check's time.
 */
export async function runAxe(page: Page, include?: string): Promise<AxeResults> {
  const present = await page.evaluate(() => 'axe' in window);
  if (!present) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    ([options, within]) => {
      const { axe } = window as unknown as { axe: { run: typeof run } };
      return axe.run(within ? { include: [within] } : document, options);
    },
    [OPTIONS, include ?? null] as const,
  );
}

/** One line per failing node: where it is and what axe-core says to fix. */
function describe(violation: Result): string {
  const nodes = violation.nodes.map(
    (node) =>
      `    at ${node.target.join(' >>> ')}\n      ${node.failureSummary?.replaceAll('\n', '\n      ') ?? ''}`,
  );
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes.join('\n')}`;
}

/** The serious and critical findings of a run. */
export const seriousOf = (results: AxeResults): Result[] =>
  results.violations.filter((v) => FAILING.has(v.impact ?? ''));

/**
 * Fails on any serious or critical axe-core violation on the page once it is still, listing each
 * with the elements and axe's advice.
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
  return seriousOf(await runAxe(page));
}
