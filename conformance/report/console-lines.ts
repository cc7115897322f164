// What the reporter prints: one line per check as it ends (a user's failing
// test with its error), and at the end the failing checks with what was
// expected, what came back and how to reproduce it.
import { plain } from './outcome.ts';
import type { SummaryCheck } from './summary.ts';

const MARK: Record<SummaryCheck['status'], string> = {
  pass: '✓',
  fail: '✘',
  skip: '-',
  disabled: '-',
  error: '!',
  unserved: '∅',
  unbuilt: '◌',
};

/** One line for a check that ended (two more for a failure). */
export function checkLine(c: Pick<SummaryCheck, 'id' | 'title' | 'status' | 'reason' | 'failure' | 'durationMs'>, prefix = ''): string {
  const where = `${prefix}${c.id}`;
  const took = c.durationMs === undefined ? '' : ` (${c.durationMs} ms)`;
  switch (c.status) {
    case 'pass':
      return `  ${MARK.pass} ${where}: ${c.title}${took}`;
    case 'fail':
      return `  ${MARK.fail} ${where} FAILED: ${c.title}${took}\n      expected ${c.failure?.expected ?? ''}\n      got ${c.failure?.actual ?? ''}`;
    case 'error':
      // The reason starts with "not run:" or "harness error:".
      return `  ${MARK.error} ${where} ${c.reason ?? 'could not run'}`;
    case 'unserved':
      // The reason starts with "not served:".
      return `  ${MARK.unserved} ${where} ${c.reason ?? 'not served'}`;
    case 'unbuilt':
      // The reason starts with "not built yet:".
      return `  ${MARK.unbuilt} ${where} ${c.reason ?? 'not built yet'}`;
    default:
      return `  ${MARK[c.status]} ${where} ${c.status === 'skip' ? 'skipped' : 'disabled'}: ${c.reason ?? ''}`;
  }
}

/** The closing list of failed checks, each with its reproduction; empty when none failed. */
export function failureList(checks: SummaryCheck[], prefix = ''): string[] {
  const failed = checks.filter((c) => c.status === 'fail');
  if (failed.length === 0) return [];
  const lines = ['', `${prefix}Failed checks (${failed.length}):`];
  for (const c of failed) {
    lines.push(`  ✘ ${c.id} (${c.area}, ${c.level}): ${c.title}`);
    lines.push(`      expected ${c.failure?.expected ?? ''}`, `      got ${c.failure?.actual ?? ''}`);
    if (c.failure?.curl) lines.push(`      reproduce: ${c.failure.curl}`);
  }
  return lines;
}

/** The lines under a user's own failing test: each error as it reads (the assertion, or the rule, the exchange and the curl line). */
export function userFailureLines(errors: string[]): string[] {
  return errors.flatMap((message) =>
    plain(message)
      .trimEnd()
      .split('\n')
      .map((line) => `      ${line}`),
  );
}
