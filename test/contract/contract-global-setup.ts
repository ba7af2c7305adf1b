// Global setup of the API suite (vitest.config.ts `globalSetup`): gives the workers one file to add their counts of
// answers checked against the API document to, and prints the run's total at the end. With CONTRACT_SUMMARY set
// (scripts/run-tests.mjs does) the total is also written there as JSON, for the closing summary of `npm test`.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    contractReport: string;
  }
}

export interface ContractSummary {
  /** Answers of /api/ paths compared with the document. */
  responses: number;
  /** Operations of the document that answered at least once. */
  operations: number;
  /** Operations in the document. */
  documented: number;
  /** Time the workers spent checking, in seconds (summed over workers). */
  seconds: number;
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'pfotenbuch-contract-'));
  const report = join(dir, 'counts.jsonl');
  project.provide('contractReport', report);
  return () => {
    const lines = existsSync(report) ? readFileSync(report, 'utf8').split('\n').filter(Boolean) : [];
    rmSync(dir, { recursive: true, force: true });
    const operations = new Set<string>();
    let responses = 0;
    let documented = 0;
    let spentMs = 0;
    for (const line of lines) {
      const counts = JSON.parse(line) as { checked: number; operations: string[]; documented: number; spentMs: number };
      spentMs += counts.spentMs;
      responses += counts.checked;
      documented = Math.max(documented, counts.documented);
      for (const op of counts.operations) operations.add(op);
    }
    const summary: ContractSummary = { responses, operations: operations.size, documented, seconds: Math.round(spentMs) / 1000 };
    process.stdout.write(
      `Answers checked against the API document: ${responses} (${operations.size} of ${documented} operations answered; ${summary.seconds} s of checking)\n`,
    );
    if (process.env.CONTRACT_SUMMARY) writeFileSync(process.env.CONTRACT_SUMMARY, JSON.stringify(summary) + '\n');
  };
}
