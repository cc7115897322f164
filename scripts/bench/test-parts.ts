// The bench's test-budget rows: every step of `npm test`, read from the
// package's own test script (so the rows are the steps the command runs), each
// run alone to its end with its wall time and the CPU time of everything it
// started, and the whole beside its budget: npm test 10 minutes, Vitest 4,
// the self-test 90 s, on the two-core reference machine. Each step's output
// is kept in reports/bench/test-parts/.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as m from './measure.ts';

export interface TestPartRow {
  /** The npm script, e.g. `test:unit`. */
  script: string;
  wallMs: number;
  /** User + system CPU of the step and every process it started. */
  cpuMs?: number;
  code: number | null;
  lastLine: string;
  /** The budget this step is held to, when it has one. */
  budgetMs?: number;
}

/** The budgets of the issue that set them: npm test as a whole, Vitest, the self-test. */
export const TEST_BUDGET_MS = { total: 600_000, 'test:unit': 240_000, selftest: 90_000 } as const;

/** The npm scripts `npm test` runs, in order, read from package.json ("npm run a && npm run b && …"). */
export function testSteps(packageJson = readFileSync(join(m.repoRoot, 'package.json'), 'utf8')): string[] {
  const scripts = (JSON.parse(packageJson) as { scripts: Record<string, string> }).scripts;
  const expand = (name: string): string[] =>
    scripts[name]
      .split('&&')
      .map((part) => /^\s*npm run (\S+)\s*$/.exec(part)?.[1])
      .flatMap((step) => {
        if (!step) throw new Error(`npm test runs "${scripts[name]}": only "npm run <script>" steps can be timed one by one`);
        // A step that is itself a chain of npm scripts is timed step by step.
        return /^\s*npm run \S+(\s*&&\s*npm run \S+)+\s*$/.test(scripts[step] ?? '') && step !== 'build:spec' ? expand(step) : [step];
      });
  return expand('test');
}

/** The children's user and system time from bash's `times` ("0m0.01s 0m0.00s" for the shell, then its children's). */
export function childCpuMs(timesOutput: string): number | undefined {
  // `times` prints two lines: the shell's own user and system time, then its children's.
  const lines = timesOutput
    .trim()
    .split('\n')
    .filter((l) => /\d+m[\d.]+s\s+\d+m[\d.]+s/.test(l));
  const children = lines.at(-1);
  if (!children) return undefined;
  const [user, sys] = [...children.matchAll(/(\d+)m([\d.]+)s/g)].map(([, min, s]) => Number(min) * 60 + Number(s));
  return Math.round((user + sys) * 1000);
}

/** Runs one npm script to its end; its wall and CPU time. */
async function timeStep(script: string): Promise<TestPartRow> {
  const marker = '--- bucketkit bench times ---';
  // Each step's output is kept, so that a step that failed in the bench says why.
  const logDir = join(m.repoRoot, 'reports', 'bench', 'test-parts');
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${script.replace(/[^\w-]/g, '-')}.log`);
  const run = await m.runToEnd(
    'bash',
    ['-c', `npm run -s ${script} > '${logFile}' 2>&1; s=$?; echo '${marker}'; times; exit $s`],
    1_800_000,
  );
  const cpuMs = childCpuMs(run.tail.split(marker)[1] ?? '');
  const budgetMs = (TEST_BUDGET_MS as Record<string, number>)[script];
  return { script, wallMs: run.wallMs, cpuMs, code: run.code, lastLine: run.lastLine, ...(budgetMs ? { budgetMs } : {}) };
}

/** Every step of npm test, one after another (nothing else should run meanwhile), then their sum. */
export async function testPartRows(log: (line: string) => void = () => {}): Promise<TestPartRow[]> {
  const rows: TestPartRow[] = [];
  for (const script of testSteps()) {
    const row = await timeStep(script);
    rows.push(row);
    log(
      `  ${script}: ${(row.wallMs / 1000).toFixed(1)} s wall, ${row.cpuMs === undefined ? '?' : (row.cpuMs / 1000).toFixed(1)} s CPU (exit ${row.code})`,
    );
  }
  const total: TestPartRow = {
    script: 'npm test (the steps above)',
    wallMs: rows.reduce((n, r) => n + r.wallMs, 0),
    cpuMs: rows.reduce((n, r) => n + (r.cpuMs ?? 0), 0),
    code: rows.every((r) => r.code === 0) ? 0 : 1,
    lastLine: '',
    budgetMs: TEST_BUDGET_MS.total,
  };
  return [...rows, total];
}
