// The performance targets, and their PASS/MISS verdicts against one run's results.
import type { BenchResults, LoadCaseName } from './bench-results.ts';
import { ratio } from './stats.ts';
import { formatMs, formatRatio } from './markdown-table.ts';

export type Verdict = 'PASS' | 'MISS' | 'N/A';

export interface TargetVerdict {
  target: string;
  measured: string;
  verdict: Verdict;
}

/** The numbers of the "Targets on a 2-core machine". */
export const TARGETS = {
  mockOverPrism: 5,
  mockOverBare: 0.3,
  coldStartMs: 400,
  listP99Ms: 10,
  listFiles: 100_000,
  rssMb: 300,
  suiteMs: 30_000,
} as const;

const CASE_LABELS: Record<LoadCaseName, string> = {
  'list-workspaces': 'list workspaces',
  'list-files-prefix': 'list files (prefix, limit 100)',
  'refused-scope': 'refused (missing scope)',
};

/** A human label for a load case. */
export function caseLabel(name: LoadCaseName): string {
  return CASE_LABELS[name];
}

function atLeast(target: string, value: number, min: number, format: (n: number) => string): TargetVerdict {
  if (!Number.isFinite(value)) return { target, measured: 'not measured', verdict: 'N/A' };
  return { target, measured: format(value), verdict: value >= min ? 'PASS' : 'MISS' };
}

function atMost(target: string, value: number | undefined, max: number, format: (n: number) => string): TargetVerdict {
  if (value === undefined || !Number.isFinite(value)) return { target, measured: 'not measured', verdict: 'N/A' };
  return { target, measured: format(value), verdict: value <= max ? 'PASS' : 'MISS' };
}

/** Judges every target; a target with nothing measured is N/A, never PASS. */
export function evaluateTargets(results: BenchResults): TargetVerdict[] {
  const verdicts: TargetVerdict[] = [];
  const rate = (server: string, caseName: LoadCaseName) =>
    results.load.find((c) => c.server === server && c.caseName === caseName)?.reqPerSec ?? Number.NaN;
  for (const caseName of Object.keys(CASE_LABELS) as LoadCaseName[]) {
    const mock = rate('mock', caseName);
    verdicts.push(
      atLeast(
        `mock ≥ ${TARGETS.mockOverPrism}× Prism req/s — ${caseLabel(caseName)}`,
        ratio(mock, rate('prism', caseName)),
        TARGETS.mockOverPrism,
        formatRatio,
      ),
    );
    verdicts.push(
      atLeast(
        `mock ≥ ${TARGETS.mockOverBare}× bare node:http req/s — ${caseLabel(caseName)}`,
        ratio(mock, rate('bare', caseName)),
        TARGETS.mockOverBare,
        formatRatio,
      ),
    );
  }
  const start = results.coldStarts.find((c) => c.isStartCommand);
  verdicts.push(atMost(`mock cold start (npm start) ≤ ${TARGETS.coldStartMs} ms`, start?.medianMs, TARGETS.coldStartMs, formatMs));
  for (const filter of ['prefix', 'tag'] as const) {
    const cell = results.listing.find((c) => c.files === TARGETS.listFiles && c.filter === filter);
    verdicts.push(atMost(`${filter} listing at 100k files p99 ≤ ${TARGETS.listP99Ms} ms`, cell?.p99Ms, TARGETS.listP99Ms, formatMs));
  }
  const footprint = results.footprints.find((f) => f.files === TARGETS.listFiles);
  verdicts.push(
    atMost(
      `RSS at 100k files ≤ ${TARGETS.rssMb} MB`,
      footprint?.rssMb,
      TARGETS.rssMb,
      (n) => `${n.toFixed(0)} MB (peak ${footprint?.peakRssMb.toFixed(0)} MB)`,
    ),
  );
  const suite = results.conformance.status === 'passed' || results.conformance.status === 'failed' ? results.conformance.wallMs : undefined;
  verdicts.push(
    atMost(`conformance suite ≤ ${TARGETS.suiteMs / 1000} s wall`, suite, TARGETS.suiteMs, (n) => `${(n / 1000).toFixed(1)} s`),
  );
  return verdicts;
}
