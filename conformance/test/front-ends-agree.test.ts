// One plan, one record, one summary: a passing, a failing and a half-built
// deployment, each checked by the command users run (Playwright, through the
// CLI) and by the in-process engine the self-test uses, give the same summary
// — every check's outcome and reason, the totals, the verdict, the route
// proofs, the listing shapes, the matrix's verdicts and what the stats report
// — timings, request counts and the run's own names aside.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { conformanceCli } from './support/cli-async.ts';
import { servesOnly } from './support/partial-server.ts';
import { startVariant, type Variant, type VariantOptions } from './support/variant.ts';
import { runAgainst } from './support/variant-run.ts';

/** The checks both front ends run: two routes' checks, every area of them, and a key check. */
const GREP = '(listFiles|updateFile|KEY-full-)';

/** What must agree, with what a run names for itself (ports, its run id, its unique names) and how long it took taken out. */
function comparable(s: Summary, runId: string) {
  const mask = (text: string | undefined) =>
    (text ?? '')
      .replaceAll(runId, 'RUN')
      .replace(/127\.0\.0\.1:\d+/g, 'HOST')
      .replace(/\b[a-z0-9]{6}(w\d+)?n\d+\b/g, 'NAME')
      .replace(/\d+ ms\b/g, 'N ms')
      // How many exchanges a rule judged is a request count: a listing read page by page has as many pages as it holds files then.
      .replace(/\bjudged \d+ exchange/g, 'judged N exchange');
  return {
    verdict: { name: s.verdict?.name, exitCode: s.verdict?.exitCode },
    totals: s.totals,
    areas: s.areas,
    routes: s.routes,
    uncoveredRoutes: s.uncoveredRoutes,
    checks: s.checks.map((c) => ({ id: c.id, status: c.status, level: c.level, area: c.area, route: c.route, reason: mask(c.reason) })),
    incomplete: s.incomplete,
    harnessProblems: s.harnessProblems,
    routeProofs: s.routeProofs,
    listingShapes: Object.fromEntries(Object.entries(s.stats?.listingShapes ?? {}).map(([route, shape]) => [route, shape.items])),
    matrix: s.matrix?.cells.map((c) => `${c.key} ${c.operationId} ${c.bucket} ${c.expected} ${c.verdict}`).sort(),
    stats: Object.keys(s.stats ?? {}).sort(),
    variantAxes: s.stats?.variants?.axes.map((a) => `${a.axis} ${a.planned}`),
  };
}

async function bothWays(options: VariantOptions) {
  const variant: Variant = await startVariant(options);
  try {
    const inProcess = await runAgainst(variant, { level: 'core', grep: GREP, overrides: { consistencyWindowMs: 600 } });
    const dir = mkdtempSync(join(tmpdir(), 'bk-front-'));
    const config = join(dir, 'deployment.json');
    writeFileSync(config, JSON.stringify({ ...variant.config, overrides: { ...variant.config.overrides, consistencyWindowMs: 600 } }));
    const cli = await conformanceCli([
      '--config',
      config,
      '--level',
      'core',
      '--grep',
      GREP,
      '--report-dir',
      join(dir, 'report'),
      // Two workers: the record is still written in parts by several processes, with one worker's start-up less.
      '--workers',
      '2',
    ]);
    const playwright = JSON.parse(readFileSync(join(dir, 'report', 'summary.json'), 'utf8')) as Summary;
    // Both as written: summary.json opens with the verdict the console's last line gives.
    const written = JSON.parse(readFileSync(join(inProcess.reportDir, 'summary.json'), 'utf8')) as Summary;
    return { inProcess: written, playwright, cli };
  } finally {
    await variant.close();
  }
}

describe('the command users run and the in-process engine give one summary for a deployment that', () => {
  it.each([
    ['passes', {}, 0],
    ['breaks a rule', { faults: ['scope-unenforced-mutating'] }, 1],
    ['is half built', { rules: [servesOnly(['listWorkspaces', 'listBuckets', 'listFiles'])] }, 4],
  ] as const)(
    '%s',
    async (_name, options, exitCode) => {
      const { inProcess, playwright, cli } = await bothWays(options as VariantOptions);
      expect(cli.status, cli.stdout.slice(-3000) + cli.stderr).toBe(exitCode);
      expect(inProcess.verdict?.exitCode).toBe(exitCode);
      expect(comparable(playwright, playwright.runId)).toEqual(comparable(inProcess, inProcess.runId));
      // What every summary promises is in both: the listing shapes, the operator counts, the matrix.
      expect(Object.keys(playwright.stats?.listingShapes ?? {}).length).toBeGreaterThan(0);
      expect(playwright.stats?.variants?.axes.length).toBeGreaterThan(0);
      expect(playwright.matrix?.cells.length).toBeGreaterThan(0);
    },
    240_000,
  );
});
