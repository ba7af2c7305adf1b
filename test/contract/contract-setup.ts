// The API suite's setup file (vitest.config.ts `setupFiles`, run before every test file): turns the contract check
// on for the test apps of the file, fails the test whose requests got an answer the document does not describe, and
// adds the file's count of checked answers to the run's report (contract-global-setup.ts sums it).
import { appendFileSync } from 'node:fs';
import { afterAll, afterEach, inject } from 'vitest';
import { contract, takeMismatches } from './response-hook.js';

contract.enabled = true;

function failOn(mismatches: string[], when: string): void {
  if (mismatches.length === 0) return;
  const shown = mismatches.slice(0, 10).map((m) => `  - ${m}`);
  if (mismatches.length > 10) shown.push(`  … and ${mismatches.length - 10} more`);
  throw new Error(`${when}: ${mismatches.length} answer(s) do not match the API document (GET /api/openapi.json):\n${shown.join('\n')}`);
}

afterEach(() => failOn(takeMismatches(), 'This test'));

afterAll(() => {
  const report = inject('contractReport');
  if (report)
    appendFileSync(
      report,
      JSON.stringify({ checked: contract.checked, operations: [...contract.operations], documented: contract.documented, spentMs: contract.spentMs }) + '\n',
    );
  contract.checked = 0;
  contract.spentMs = 0;
  contract.operations.clear();
  // Answers to requests made in beforeAll/afterAll hooks belong to no test: the file fails instead.
  failOn(takeMismatches(), "This file's hooks");
});
