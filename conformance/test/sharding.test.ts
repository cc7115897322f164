// Playwright's --shard and merge-reports, as a CI runs them: the same partial
// server checked unsharded, and in two shards merged with --merge, gives every
// check the same outcome; the merged HTML report shows each check once, its
// header counting what the merged summary counts; a set whose shards disagree
// on a route is refused.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE } from '../config/cli-args.ts';
import type { Summary } from '../report/summary.ts';
import { readHtmlReport } from './support/html-report.ts';
import { startIndependentServer, type IndependentServer } from './support/independent/start-independent-server.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const ENV = { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '', BUCKETKIT_BASELINE: '' };
/** The CLI, run without blocking this process: the server under test answers from it. */
const cli = (...args: string[]) =>
  new Promise<{ status: number; stdout: string; stderr: string }>((done) =>
    execFile(process.execPath, [BIN, 'conformance', ...args], { encoding: 'utf8', timeout: 300_000, env: ENV }, (error, stdout, stderr) =>
      done({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    ),
  );
const summaryOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8')) as Summary;
const outcomes = (s: Summary) => Object.fromEntries(s.checks.map((c) => [c.id, c.status]));

describe('a partial server checked unsharded and in two merged shards', () => {
  let server: IndependentServer;
  let config: string;
  const dir = mkdtempSync(join(tmpdir(), 'bk-shards-'));
  beforeAll(async () => {
    server = await startIndependentServer({ serves: { operationIds: ['listWorkspaces', 'listBuckets', 'listFiles', 'updateFile'] } });
    config = join(dir, 'deployment.json');
    writeFileSync(config, JSON.stringify({ ...server.config, overrides: { consistencyWindowMs: 1000 } }));
  }, 60_000);
  afterAll(async () => server?.close());

  it('gives every check the same outcome, each reported once', async () => {
    const run = async (name: string, ...more: string[]) => {
      // The checks of three built routes and one unbuilt, and the key checks: enough for every shard to have some.
      const grep = ['--grep', '(listFiles|updateFile|listAutomations|KEY-)', '--workers', '2'];
      const out = await cli('--config', config, '--level', 'core', ...grep, '--report-dir', join(dir, name), ...more);
      expect([0, 1, 2, 4], out.stdout.slice(-2000) + out.stderr).toContain(out.status);
      return out;
    };
    const [wholeRun] = await Promise.all([run('whole'), run('shard-1', '--shard', '1/2'), run('shard-2', '--shard', '2/2')]);
    const merge = await cli('--merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--report-dir', join(dir, 'merged'));
    const whole = summaryOf(join(dir, 'whole'));
    const merged = summaryOf(join(dir, 'merged'));
    // The partial server's verdict: its served routes judged, its unbuilt routes not built yet.
    expect(whole.incomplete, wholeRun.stdout.slice(-2000)).toBeUndefined();
    expect(whole.checks.find((c) => c.id === 'PATH-listFiles-served')?.status).toBe('pass');
    expect(whole.checks.find((c) => c.id === 'ORACLE-auth-listFiles')?.status).toBe('pass');
    // An unbuilt route's checks are not served (its refused check is skipped: the server's keys all hold the read scopes).
    expect(whole.checks.find((c) => c.id === 'SCOPE-listAutomations-allowed')?.status).toBe('unserved');
    expect(whole.checks.find((c) => c.id === 'PATH-listAutomations-served')?.status).toBe('unbuilt');
    // Nothing can be uploaded: PATCH's checks run on files the server already holds, in every shard alike.
    expect(whole.checks.find((c) => c.id === 'SCOPE-updateFile-allowed')?.status).toBe('pass');
    expect(merge.status, merge.stdout + merge.stderr).toBe(wholeRun.status);
    expect(outcomes(merged)).toEqual(outcomes(whole));
    expect(merged.totals).toEqual(whole.totals);
    expect(merged.harnessProblems).toEqual([]);
    // The shards were split: each ran some of the checks, together all of them.
    const parts = [summaryOf(join(dir, 'shard-1')), summaryOf(join(dir, 'shard-2'))];
    expect(parts.every((p) => p.checks.length > 0 && p.checks.length < whole.checks.length)).toBe(true);
    // Playwright's merged HTML report shows each check once, its header counting what summary.json counts.
    const html = readHtmlReport(join(dir, 'merged', 'html'));
    const ids = html.tests.map((t) => t.title.split(':')[0]);
    expect(ids.sort()).toEqual(merged.checks.map((c) => c.id).sort());
    const t = merged.totals;
    expect(html.stats).toMatchObject({
      expected: t.pass,
      unexpected: t.fail + t.unbuilt,
      skipped: t.skip + t.disabled + t.error + t.unserved,
    });
    // --help names every file the merge writes, and only those.
    const help = /^ {2}--merge DIR\.\.\.[^]*?(?=\n {2}-|\n$)/m.exec(USAGE)![0];
    const written = readdirSync(join(dir, 'merged'), { withFileTypes: true }).map((e) => (e.isDirectory() ? `${e.name}/` : e.name));
    expect(written.sort()).toEqual([...help.matchAll(/\b[\w-]+(?:\.\w+|\/)/g)].map((m) => m[0]).sort());
  }, 600_000);

  it('refuses to merge shards that disagree on whether a route is served', async () => {
    const one = summaryOf(join(dir, 'shard-1'));
    const two = summaryOf(join(dir, 'shard-2'));
    const route = Object.keys(one.routeProofs ?? {}).find((op) => two.routeProofs?.[op]) ?? Object.keys(one.routeProofs ?? {})[0];
    expect(route).toBeDefined();
    const flipped = { ...two, routeProofs: { ...two.routeProofs, [route!]: { served: false, why: 'answered 404' } } };
    if (one.routeProofs?.[route!]?.served === false) flipped.routeProofs[route!] = { served: true } as never;
    writeFileSync(join(dir, 'shard-2', 'summary.json'), JSON.stringify(flipped));
    const merge = await cli('--merge', join(dir, 'shard-1'), join(dir, 'shard-2'), '--report-dir', join(dir, 'refused'));
    expect(merge.status).toBe(3);
    expect(merge.stderr).toContain(`the shards disagree on ${route}`);
  }, 120_000);
});
