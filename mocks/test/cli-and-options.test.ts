// Options are checked where they enter: an unknown one throws naming it and
// the nearest valid one. The `bucketkit mock` command prints its usage as it
// was invoked, says what to do about a busy port, reads fixtures (a TypeScript
// module too) and a profile, and writes the coverage report on exit.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMockApp } from '../app/create-mock-app.ts';
import { createNodeMockHandlers, setupMockServer } from '../msw/node.ts';
import { startMockServer } from '../http/start-mock-server.ts';
import { parseBanner } from '../../scripts/package/mock-banner.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START = join(ROOT, 'mocks/http/start.mjs');
const BIN = join(ROOT, 'bin/bucketkit.js');
const dir = mkdtempSync(join(tmpdir(), 'bucketkit-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('unknown options', () => {
  it('setupMockServer({ seeed: 7 }) throws naming the option and the nearest valid one', () => {
    expect(() => setupMockServer({ seeed: 7 } as never)).toThrow(/"seeed" is not an option of setupMockServer; did you mean "seed"\?/);
  });

  it('the other entry points too', () => {
    expect(() => createNodeMockHandlers({ origin: 'http://x.test' } as never)).toThrow(
      /"origin" is not an option of createNodeMockHandlers; did you mean "origins"\?/,
    );
    expect(() => createMockApp({ spec: loadBundledSpec(), latency: 5 } as never)).toThrow(/did you mean "latencyMs"\?/);
    expect(() => setupMockServer({ fixture: {} } as never)).toThrow(/did you mean "fixtures"\?/);
    return expect(startMockServer({ prot: 0 } as never)).rejects.toThrow(
      /"prot" is not an option of startMockServer; did you mean "port"\?/,
    );
  });
});

/** Runs the mock command to its end (for --help and failures). */
const run = (args: string[]) => spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });

/** Starts the mock command, waits for its banner, runs `use`, then stops it with SIGINT; returns its output. */
async function withCli(
  args: string[],
  use: (banner: NonNullable<ReturnType<typeof parseBanner>>, output: () => string) => Promise<void>,
): Promise<string> {
  const child = spawn(process.execPath, [START, '--port', '0', ...args], { cwd: ROOT });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    const deadline = Date.now() + 30_000;
    let banner = parseBanner(output);
    while (!banner) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`no banner:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      banner = parseBanner(output);
    }
    await use(banner, () => output);
  } finally {
    child.kill('SIGINT');
  }
  expect(await exited).toBe(0);
  return output;
}

describe('bucketkit mock, the command', () => {
  it('--help names the command as it was invoked, and lists every flag', () => {
    const fromPackage = run([BIN, 'mock', '--help']);
    expect(fromPackage.stdout).toMatch(/^Usage: bucketkit mock \[options\]/);
    const fromCheckout = run([START, '--help']);
    expect(fromCheckout.stdout).toMatch(/^Usage: npm start -- \[options\]/);
    for (const flag of [
      '--port',
      '--host',
      '--seed',
      '--files',
      '--fixtures',
      '--profile',
      '--coverage',
      '--latency',
      '--cors',
      '--allow-host',
      '--write-config',
    ])
      expect(fromCheckout.stdout).toContain(flag);
  });

  it('a busy port says which and what to pass instead', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const result = spawnSync(process.execPath, [START, '--port', String(port)], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
      expect(result.stderr.trim()).toBe(`port ${port} is in use: pass --port N (or --port 0 for a free one)`);
      expect(result.status).toBe(1);
    } finally {
      blocker.close();
    }
  });

  it('bad fixtures and a bad profile are exit 2, naming the field', () => {
    const fixtures = join(dir, 'bad-fixtures.json');
    writeFileSync(fixtures, JSON.stringify({ workspaces: [{ name: 'W', buckets: [{ name: 'B', files: [{ path: '' }] }] }] }));
    const badFixtures = run([START, '--fixtures', fixtures]);
    expect([badFixtures.status, badFixtures.stderr]).toEqual([
      2,
      expect.stringContaining('fixtures.workspaces[0].buckets[0].files[0].path: must be a non-empty string'),
    ]);
    const profile = join(dir, 'bad-profile.json');
    writeFileSync(
      profile,
      JSON.stringify({
        kind: 'bucketkit-profile',
        version: 1,
        learnedFrom: 'https://x.test/api/v1',
        learnedAt: '2026-11-25T12:00:00Z',
        overrides: { maxPageSize: 'lots' },
      }),
    );
    const badProfile = run([START, '--profile', profile]);
    expect([badProfile.status, badProfile.stderr]).toEqual([
      2,
      expect.stringContaining('profile.overrides.maxPageSize: must be an integer from 2 to 100000'),
    ]);
  });

  it('serves fixtures from a TypeScript module and writes the coverage report on Ctrl-C', async () => {
    const fixtures = join(dir, 'fixtures.ts');
    writeFileSync(
      fixtures,
      [
        "const files: { path: string; trashed?: boolean }[] = [{ path: 'a.txt' }, { path: 'b.txt' }, { path: 'c.txt', trashed: true }];",
        "export default { mode: 'replace' as const, workspaces: [{ id: 'ws_ts', name: 'From TS', buckets: [{ id: 'bkt_ts', name: 'B', files }] }], keys: [{ name: 'dana', scopes: ['files:read'] }] };",
      ].join('\n'),
    );
    const coverage = join(dir, 'out', 'coverage.json');
    const output = await withCli(['--fixtures', fixtures, '--coverage', coverage], async (banner, text) => {
      expect(banner.workspaceIds).toEqual(['ws_ts']);
      const dana = /^\s+dana\s+(\S+)$/m.exec(text())?.[1];
      const listed = await fetch(`${banner.baseUrl}/workspaces/ws_ts/buckets/bkt_ts/files`, {
        headers: { authorization: `Bearer ${dana}` },
      });
      expect(((await listed.json()) as { data: unknown[] }).data).toHaveLength(2);
      expect((await fetch(`${banner.baseUrl}/workspaces`)).status).toBe(401);
    });
    expect(output).toContain(`Coverage written to ${coverage} and ${coverage.replace(/\.json$/, '.md')}.`);
    const report = JSON.parse(readFileSync(coverage, 'utf8'));
    expect(report.operations.find((o: { operationId: string }) => o.operationId === 'listFiles').met).toEqual([
      expect.objectContaining({ label: '200', count: 1 }),
    ]);
    expect(readFileSync(coverage.replace(/\.json$/, '.md'), 'utf8')).toMatch(/^## Contract coverage: 2 of \d+ documented answers met/);
  });

  it('a given token is not printed in the banner', async () => {
    const fixtures = join(dir, 'token.json');
    writeFileSync(fixtures, JSON.stringify({ keys: [{ name: 'erin', token: 'erin-secret-token-0123456789', scopes: ['files:read'] }] }));
    const output = await withCli(['--fixtures', fixtures, '--files', '20'], async () => undefined);
    expect(output).toMatch(/erin\s+\(the token in the fixtures file\)/);
    expect(output).not.toContain('erin-secret-token-0123456789');
    expect(existsSync(join(dir, 'token.json'))).toBe(true);
  });
});
