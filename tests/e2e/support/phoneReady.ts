import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { expectNoSidewaysScroll } from './layout';
import { expectTapTargetsLargeEnough } from './tapTargets';

/** A screen fit for a phone: no serious axe finding, every target 44 px, no sideways scroll. */
export async function expectPhoneReady(page: Page, what: string): Promise<void> {
  await expectNoSeriousA11yViolations(page, what);
  await expectTapTargetsLargeEnough(page, what);
  await expectNoSidewaysScroll(page, what);
}
