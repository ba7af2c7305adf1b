// A vitest reporter that writes one line per failed or flaky test to a file, so that `npm test` can repeat them
// right above its closing line: CI keeps only the tail of its output, and a failure named 2,000 lines earlier is lost.
// A flaky test passed on a retry (the browser suite allows one); it is named too, so it gets mended, not forgotten.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';

export default class TestOutcomesReporter {
  constructor() {
    this.file = process.env.TEST_OUTCOMES_FILE;
  }

  onTestCaseResult(testCase) {
    if (!this.file) return;
    const diagnostic = testCase.diagnostic();
    const state = testCase.result().state;
    const where = `${relative(process.cwd(), testCase.module.moduleId)} > ${testCase.fullName}`;
    // The first error says why (a flaky test keeps the errors of its failed attempts): one line, enough to start.
    const first = testCase.result().errors?.[0]?.message?.split('\n')[0]?.slice(0, 300);
    const why = first ? `\n  ${first}` : '';
    if (state === 'failed') appendFileSync(this.file, `FAILED: ${where}${why}\n`);
    else if (diagnostic?.flaky) appendFileSync(this.file, `FLAKY (passed on retry ${diagnostic.retryCount}): ${where}${why}\n`);
  }
}
