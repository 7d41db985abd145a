#!/usr/bin/env node
// Prints the suite's totals as one plain line ("N passed, N failed, N skipped") from vitest's JSON report.
import { existsSync, readFileSync } from 'node:fs';

const file = new URL('../node_modules/.cache/vitest-results.json', import.meta.url);
if (!existsSync(file)) {
  console.error('no vitest results found');
  process.exit(1);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const skipped = report.numPendingTests + report.numTodoTests;
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
