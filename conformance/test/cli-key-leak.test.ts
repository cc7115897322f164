// End to end, as a user runs it: the CLI against a loopback server that accepts keys
// in the query string and echoes them in every encoding. No file of the report dir
// (archives unpacked) and no line of the console may hold any form of any key.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { startEchoServer, type EchoServer } from './support/echo-server.ts';
import { TEST_KEYS } from './support/key-encodings.ts';
import { filesUnder, scanForKeys, scanText, textsOfFile } from './support/artifact-scan.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GREP = '(AUTH-(listWorkspaces|listBuckets|listFiles|presignUpload)-|ERR-key-not-echoed|KEY-)';
const envOf = (name: string) => `BUCKETKIT_KEY_${name.toUpperCase()}`;
// The config's key names: a test key's own name is part of its token ("bk~Tilde~…"), which the config refuses.
const KEYS: Record<string, string> = { wave: TEST_KEYS.tilde, pad: TEST_KEYS.padded, dots: TEST_KEYS.dotted, every: TEST_KEYS.every };

/** The keys' declarations: one holding every scope, the others one or two, one limited to a bucket. */
function keyConfig() {
  const allScopes = [...new Set(loadRouteTable().map((r) => r.scope))];
  const declared: Record<string, { scopes: string[]; bucketIds: string[] | null }> = {
    wave: { scopes: allScopes, bucketIds: null },
    pad: { scopes: ['files:read'], bucketIds: ['bkt_a'] },
    dots: { scopes: ['workspaces:read'], bucketIds: null },
    every: { scopes: ['workspaces:read', 'buckets:read'], bucketIds: null },
  };
  return Object.entries(declared).map(([name, d]) => ({ name, tokenEnv: envOf(name), ...d }));
}

/** Runs `node bin/bucketkit.js conformance ...` with the keys in env vars; returns its exit code and console output. */
function runCli(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; console: string }> {
  return new Promise((done, failed) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/bucketkit.js'), 'conformance', ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', failed);
    child.on('close', (code) => done({ code: code ?? -1, console: output }));
  });
}

describe('a run whose server accepts query keys and echoes every key in every encoding', () => {
  let server: EchoServer;
  let reportDir: string;
  let result: { code: number; console: string };

  beforeAll(async () => {
    server = await startEchoServer(Object.values(TEST_KEYS));
    const dir = mkdtempSync(join(tmpdir(), 'bk-cli-leak-'));
    reportDir = join(dir, 'report');
    const config = join(dir, 'deployment.json');
    const deployment = {
      baseUrl: server.baseUrl,
      workspaceId: 'ws_echo',
      buckets: { allowed: 'bkt_a', other: 'bkt_b' },
      keys: keyConfig(),
    };
    writeFileSync(config, JSON.stringify(deployment, null, 2));
    // Only the keys and the basics: no BUCKETKIT_* setting of the calling shell may change the run.
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_OPTIONS: '' };
    for (const [name, token] of Object.entries(KEYS)) env[envOf(name)] = token;
    result = await runCli(['--config', config, '--grep', GREP, '--report-dir', reportDir, '--workers', '2'], env);
  }, 180_000);
  afterAll(() => server?.close());

  it('ran the checks and wrote its reports (failing checks are expected)', () => {
    // Failing checks, and a set-up an echo server cannot serve (exit 2, incomplete): either way the run wrote its reports.
    expect([1, 2], result.console.slice(-2000)).toContain(result.code);
    const files = filesUnder(reportDir).map((f) => f.slice(reportDir.length + 1));
    for (const name of ['summary.json', 'summary.md', 'junit.xml', 'conformance-results.json', 'html/index.html'])
      expect(files, name).toContain(name);
    // The HTML report's archive is opened, so the scan below reads its entries.
    expect(textsOfFile(join(reportDir, 'html/index.html'), 'index.html').length).toBeGreaterThan(1);
  });

  it('sent every key to the server, in the Authorization header and in ?access_token=', () => {
    for (const token of Object.values(TEST_KEYS))
      expect(server.received.some((r) => r.headers.authorization === `Bearer ${token}`)).toBe(true);
    const queryKeys = server.received.map((r) => new URL(r.url, 'http://127.0.0.1').searchParams.get('access_token'));
    for (const token of Object.values(TEST_KEYS)) expect(queryKeys).toContain(token);
  });

  it('reported the accepted query keys with curl lines naming the env var', () => {
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as {
      checks: { id: string; status: string; failure?: { curl?: string } }[];
    };
    const queryFailures = summary.checks.filter((c) => c.status === 'fail' && c.failure?.curl?.includes('--url-query'));
    expect(queryFailures.length).toBeGreaterThan(0);
    expect(queryFailures.some((c) => c.failure?.curl?.includes('"access_token=$BUCKETKIT_KEY_'))).toBe(true);
    // The echoed keys reached the failure records, and were redacted there.
    const markdown = readFileSync(join(reportDir, 'summary.md'), 'utf8');
    for (const name of Object.keys(KEYS)) expect(markdown).toContain(`[redacted $${envOf(name)}]`);
  });

  it('redacted every plain-text report at its source: no key had to be scrubbed afterwards', () => {
    const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as { harnessProblems: string[] };
    expect(summary.harnessProblems).toEqual([]);
  });

  // Every archive is opened and every encoding of every key tried: seconds of CPU, more on a busy machine.
  it('left no form of any key in any file of the report dir, archives included', () => {
    expect(scanForKeys(reportDir, TEST_KEYS)).toEqual([]);
  }, 120_000);

  it('printed no form of any key on the console', () => {
    expect(scanText('console', result.console, TEST_KEYS)).toEqual([]);
  });
});
