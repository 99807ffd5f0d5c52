import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** How many of the slowest stories to list: enough to see where the suite's minutes go. */
const LISTED = 15;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(6)} s`;

/**
 * Lists the slowest stories and spec files when the run ends, so CI's output shows where the
 * suite's time goes (a retry's time counts with its first try).
 */
export default class SlowestReporter implements Reporter {
  readonly #tests = new Map<TestCase, number>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.#tests.set(test, (this.#tests.get(test) ?? 0) + result.duration);
  }

  onEnd(result: FullResult): void {
    const byFile = new Map<string, number>();
    for (const [test, ms] of this.#tests) {
      const file = test.location.file.split('/').at(-1)!;
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
    }
    const slowest = [...this.#tests].toSorted((a, b) => b[1] - a[1]).slice(0, LISTED);
    console.log(`\nThe ${LISTED} slowest stories:`);
    for (const [test, ms] of slowest)
      console.log(`${seconds(ms)}  ${test.location.file.split('/').at(-1)}: ${test.title}`);
    console.log(`\nThe ${LISTED} slowest spec files (all their stories, across workers):`);
    for (const [file, ms] of [...byFile].toSorted((a, b) => b[1] - a[1]).slice(0, LISTED))
      console.log(`${seconds(ms)}  ${file}`);
    console.log(`\nWall time: ${seconds(result.duration)}`);
  }
}
