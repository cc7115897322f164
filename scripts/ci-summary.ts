// Prints the one closing line CI reads, "N passed, N failed", summed over the
// result files every test runner writes into reports/ (*-results.json).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Reads Vitest's JSON report, Playwright's JSON report, or our own counts. */
interface ResultsFile {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number };
}

export function countResults(json: ResultsFile): Counts {
  if (typeof json.numPassedTests === 'number') {
    return {
      passed: json.numPassedTests,
      failed: json.numFailedTests ?? 0,
      skipped: (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0),
    };
  }
  if (typeof json.stats?.expected === 'number') {
    return { passed: json.stats.expected + (json.stats.flaky ?? 0), failed: json.stats.unexpected ?? 0, skipped: json.stats.skipped ?? 0 };
  }
  throw new Error('not a known results file');
}

function findResultFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findResultFiles(path);
    return name.endsWith('-results.json') ? [path] : [];
  });
}

function main(): void {
  const exitCode = Number(process.argv[2] ?? '0');
  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  for (const file of findResultFiles('reports')) {
    try {
      const counts = countResults(JSON.parse(readFileSync(file, 'utf8')));
      console.log(`${file}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    } catch (error) {
      console.log(`${file}: unreadable (${(error as Error).message})`);
      total.failed += 1;
    }
  }
  // A failing step that ran no test (lint, typecheck) still has to show as a failure.
  if (exitCode !== 0 && total.failed === 0) total.failed = 1;
  console.log(`skipped in all: ${total.skipped}`);
  // The last line stays exactly "N passed, N failed": that is what CI reads.
  console.log(`${total.passed} passed, ${total.failed} failed`);
}

main();
