// Judges one planted-fault run (caught only by a failing check of the fault's
// area at the fault's level) and renders the self-test's table.
import type { Summary } from '../report/summary.ts';

export interface FaultLike {
  name: string;
  area: string;
  level: 'core' | 'profile';
}

export interface FaultVerdict {
  fault: FaultLike;
  caught: boolean;
  /** Failing checks of the fault's area and level. */
  caughtBy: string[];
  /** Other failing checks (other areas or levels), for information. */
  alsoFailed: string[];
  /** Report files holding a key byte (must be none). */
  leaks: string[];
  durationMs: number;
}

/** A fault is caught when a check of its area, at its level, failed (a harness error does not count). */
export function judgeFault(fault: FaultLike, summary: Summary, leaks: string[], durationMs: number): FaultVerdict {
  const failed = summary.checks.filter((c) => c.status === 'fail');
  const caughtBy = failed.filter((c) => c.area === fault.area && c.level === fault.level).map((c) => c.id);
  return { fault, caught: caughtBy.length > 0 && leaks.length === 0, caughtBy, alsoFailed: failed.filter((c) => !caughtBy.includes(c.id)).map((c) => c.id), leaks, durationMs };
}

/** The self-test report: the clean run, then one row per fault. */
export function renderSelftest(clean: Summary, cleanOk: boolean, verdicts: FaultVerdict[], durationMs: number, cleanLeaks: string[] = []): string {
  const t = clean.totals;
  const lines = [
    '# bucketkit conformance self-test',
    '',
    `Clean mock: ${cleanOk ? 'PASS' : 'FAIL'} (${t.pass} passed, ${t.fail} failed, ${t.skip} skipped, ${t.error} errors)${cleanLeaks.length ? `; KEY LEAKED in ${cleanLeaks.join(', ')}` : ''}.`,
    '',
    'Each fault runs the checks of its area at its level against a mock with only that fault planted; every report is scanned for key bytes.',
    '',
    '| fault | area | level | verdict | caught by |',
    '|---|---|---|---|---|',
    ...verdicts.map((v) => {
      const shown = v.caughtBy.slice(0, 4).join(', ') + (v.caughtBy.length > 4 ? ` (+${v.caughtBy.length - 4} more)` : '');
      const verdict = v.leaks.length ? `KEY LEAKED in ${v.leaks.join(', ')}` : v.caught ? 'caught' : 'SURVIVED';
      return `| ${v.fault.name} | ${v.fault.area} | ${v.fault.level} | ${verdict} | ${shown || '-'} |`;
    }),
    '',
    `${verdicts.filter((v) => v.caught).length}/${verdicts.length} faults caught in ${(durationMs / 1000).toFixed(1)} s.`,
  ];
  return `${lines.join('\n')}\n`;
}
