// `--cleanup` sends keys only to the configured base URL and reports what it could
// not remove: a ledger of another base URL is refused (exit 3, nothing sent); a
// purge answered 404 counts as "gone" only when the trash and the listing show it
// gone; a file still in the trash is a problem and stays pending for the next --cleanup.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http/start-mock-server.ts';
import { cleanupFromLedger } from '../cli/cleanup-command.ts';
import { routeById, routePath } from '../client/request-builder.ts';
import type { RunSettings } from '../config/config-types.ts';
import { appendLedger, pendingEntries, readLedger } from '../ledger/ledger.ts';
import { passThrough, startLoopbackProxy, type LoopbackProxy } from './support/loopback-proxy.ts';
import { answer, serve } from './support/wire-servers.ts';

// Upload and list for the set-up; trash, purge and the trash listing for the cleanup; read from the spec.
const OPS = ['presignUpload', 'listFiles', 'trashFiles', 'updateTrash', 'getTrash'] as const;
const SCOPES = [...new Set(OPS.map((id) => routeById(id).scope))];

let mock: MockServer;
let proxy: LoopbackProxy;
let ws: { id: string; buckets: string[] };
let lines: string[];

beforeAll(async () => {
  mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  proxy = await startLoopbackProxy(mock.origin);
  const info = (await (await fetch(`${mock.origin}/__mock/info`)).json()) as { workspaces: { id: string; buckets: string[] }[] };
  ws = info.workspaces.find((w) => w.buckets.length >= 2)!;
});
afterAll(async () => {
  await proxy?.close();
  await mock?.close();
});
afterEach(() => {
  proxy.use(passThrough);
  vi.restoreAllMocks();
});

function captureOutput(): void {
  lines = [];
  const keep = (...args: unknown[]) => void lines.push(args.join(' '));
  vi.spyOn(console, 'log').mockImplementation(keep);
  vi.spyOn(console, 'error').mockImplementation(keep);
}

async function mint(scopes: string[]): Promise<string> {
  const res = await fetch(`${mock.origin}/__mock/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes, bucketIds: null }),
  });
  return ((await res.json()) as { token: string }).token;
}

const at = () => ({ baseUrl: '', workspaceId: ws.id, buckets: { allowed: ws.buckets[0], other: ws.buckets[1] } }) as RunSettings;
const apiPath = (id: (typeof OPS)[number]) => `/api/v1${routePath(routeById(id), at(), 'allowed')}`;

/** Uploads a file straight to the mock and writes a ledger recording it, for a run against `ledgerBase`. */
async function crashedRun(token: string, name: string, ledgerBase: string): Promise<{ ledger: string; fileId: string }> {
  const path = `bucketkit-conformance/crashed-${name}/a.txt`;
  const presign = (await (
    await fetch(`${mock.origin}${apiPath('presignUpload')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ path, contentType: 'text/plain', size: 2 }),
    })
  ).json()) as { url: string; fileId: string; headers: Record<string, string> };
  await fetch(presign.url, { method: 'PUT', headers: presign.headers, body: 'hi' });
  const ledger = join(mkdtempSync(join(tmpdir(), 'bk-cleanup-hard-')), 'ledger.jsonl');
  appendLedger(ledger, { kind: 'run', runId: `bk${name}`, baseUrl: ledgerBase, workspaceId: ws.id, runPrefix: path, at: '' });
  appendLedger(ledger, { kind: 'file', bucketId: ws.buckets[0], id: presign.fileId, path });
  return { ledger, fileId: presign.fileId };
}

function env(baseUrl: string, token: string, scopes = SCOPES): NodeJS.ProcessEnv {
  return {
    BUCKETKIT_BASE_URL: baseUrl,
    BUCKETKIT_WORKSPACE_ID: ws.id,
    BUCKETKIT_BUCKET_ALLOWED: ws.buckets[0],
    BUCKETKIT_BUCKET_OTHER: ws.buckets[1],
    BUCKETKIT_KEYS: JSON.stringify([{ name: 'cleaner', scopes, bucketIds: null }]),
    BUCKETKIT_KEY_CLEANER: token,
  };
}

async function trashHolds(token: string, fileId: string): Promise<boolean> {
  const res = await fetch(`${mock.origin}${apiPath('getTrash')}`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: { fileId: string }[] }).data.some((entry) => entry.fileId === fileId);
}

describe('--cleanup and the base URL', () => {
  it('refuses a ledger of another base URL with exit 3, naming both, and sends nothing to either', async () => {
    const recorded = await serve(answer(200, { 'content-type': 'application/json' }, '{"purged":[]}'));
    const configured = await serve(answer(200, { 'content-type': 'application/json' }, '{"purged":[]}'));
    try {
      const token = await mint(SCOPES);
      const { ledger } = await crashedRun(token, 'elsewhere', `${recorded.origin}/api/v1`);
      captureOutput();
      expect(await cleanupFromLedger(ledger, undefined, env(`${configured.origin}/api/v1`, token))).toBe(3);
      expect(lines.join('\n')).toContain(
        `records a run against ${recorded.origin}/api/v1, but the config names ${configured.origin}/api/v1`,
      );
      expect(lines.join('\n')).not.toContain(token);
      expect(recorded.received).toHaveLength(0);
      expect(configured.received).toHaveLength(0);
      expect(pendingEntries(readLedger(ledger)).files).toHaveLength(1);
    } finally {
      await recorded.close();
      await configured.close();
    }
  });

  it('accepts the same base URL written with a trailing slash, and cleans up', async () => {
    const token = await mint(SCOPES);
    const { ledger, fileId } = await crashedRun(token, 'slash', `${mock.baseUrl}/`);
    captureOutput();
    expect(await cleanupFromLedger(ledger, undefined, env(mock.baseUrl, token))).toBe(0);
    expect(lines[0]).toMatch(/removed 1 file\(s\)/);
    expect(pendingEntries(readLedger(ledger)).files).toEqual([]);
    expect(await trashHolds(token, fileId)).toBe(false);
  });
});

describe('--cleanup over the bounded client', () => {
  it('follows no redirect to another origin: nothing reaches it and nothing is marked cleaned from its answers', async () => {
    const other = await serve(answer(200, { 'content-type': 'application/json' }, '{"purged":["file_x"],"restored":[]}'));
    const redirecting = await serve((req, res) => answer(307, { location: `${other.origin}${req.url}` })(req, res, 0));
    try {
      const token = await mint(SCOPES);
      const base = `${redirecting.origin}/api/v1`;
      const { ledger, fileId } = await crashedRun(token, 'redirect', base);
      captureOutput();
      expect(await cleanupFromLedger(ledger, undefined, env(base, token))).toBe(1);
      expect(lines.join('\n')).toContain(
        `problem: file ${fileId} (bucketkit-conformance/crashed-redirect/a.txt) in ${ws.buckets[0]}: purge answered 307`,
      );
      expect(other.received).toHaveLength(0);
      expect(redirecting.received.length).toBeGreaterThanOrEqual(3);
      expect(pendingEntries(readLedger(ledger)).files.map((f) => f.id)).toEqual([fileId]);
    } finally {
      await redirecting.close();
      await other.close();
    }
  });

  it('gives up on a server trickling one byte a second after the request timeout, leaving the files pending', async () => {
    const trickle = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 1000);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const token = await mint(SCOPES);
      const base = `${trickle.origin}/api/v1`;
      const { ledger, fileId } = await crashedRun(token, 'trickle', base);
      captureOutput();
      const started = performance.now();
      expect(await cleanupFromLedger(ledger, undefined, { ...env(base, token), BUCKETKIT_REQUEST_TIMEOUT_MS: '500' })).toBe(1);
      expect(performance.now() - started).toBeLessThan(3000);
      expect(lines.join('\n')).toContain(`1 file(s) in ${ws.buckets[0]} not removed (0 were): POST `);
      expect(lines.join('\n')).toContain('could not be sent: no answer within 500 ms');
      expect(pendingEntries(readLedger(ledger)).files.map((f) => f.id)).toEqual([fileId]);
    } finally {
      await trickle.close();
    }
  });
});

describe('--cleanup reports what it could not remove', () => {
  it('a purge answered 404 while the file is still in the trash is a problem; the file stays pending and a later --cleanup removes it', async () => {
    const token = await mint(SCOPES);
    const base = `${proxy.origin}/api/v1`;
    const { ledger, fileId } = await crashedRun(token, 'trash', base);
    const trashRoute = apiPath('updateTrash');
    // A server that trashes but answers every purge 404 without purging.
    proxy.use((request, forward) =>
      request.method === 'PATCH' && request.url.startsWith(trashRoute)
        ? Promise.resolve({ status: 404, headers: { 'content-type': 'application/problem+json' }, body: Buffer.from('{"status":404}') })
        : forward(request),
    );
    captureOutput();
    expect(await cleanupFromLedger(ledger, undefined, env(base, token))).toBe(1);
    const output = lines.join('\n');
    expect(output).toContain(`problem: file ${fileId} (bucketkit-conformance/crashed-trash/a.txt) in ${ws.buckets[0]}: purge answered 404`);
    expect(output).toContain('it is still in the trash; it stays pending in the ledger.');
    expect(output).toContain('1 file(s) not removed stay pending');
    expect(output).toMatch(/removed 0 file\(s\)/);
    expect(pendingEntries(readLedger(ledger)).files.map((f) => f.id)).toEqual([fileId]);
    expect(await trashHolds(token, fileId)).toBe(true);

    proxy.use(passThrough);
    captureOutput();
    expect(await cleanupFromLedger(ledger, undefined, env(base, token))).toBe(0);
    expect(lines[0]).toMatch(/removed 1 file\(s\)/);
    expect(pendingEntries(readLedger(ledger)).files).toEqual([]);
    expect(await trashHolds(token, fileId)).toBe(false);
  });

  it('a purge answered 404 for a file that is really gone is cleaned; without a key to read the trash back it stays pending', async () => {
    const token = await mint(SCOPES);
    const gone = await crashedRun(token, 'gone', mock.baseUrl);
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    await fetch(`${mock.origin}${apiPath('trashFiles')}`, { method: 'POST', headers, body: JSON.stringify({ fileIds: [gone.fileId] }) });
    await fetch(`${mock.origin}${apiPath('updateTrash')}`, { method: 'PATCH', headers, body: JSON.stringify({ purge: [gone.fileId] }) });
    captureOutput();
    expect(await cleanupFromLedger(gone.ledger, undefined, env(mock.baseUrl, token))).toBe(0);
    expect(pendingEntries(readLedger(gone.ledger)).files).toEqual([]);

    // The same, with a key that cannot read the trash: nothing proves the file gone.
    const blind = SCOPES.filter((scope) => scope !== routeById('getTrash').scope);
    const unread = await crashedRun(token, 'unread', mock.baseUrl);
    await fetch(`${mock.origin}${apiPath('trashFiles')}`, { method: 'POST', headers, body: JSON.stringify({ fileIds: [unread.fileId] }) });
    await fetch(`${mock.origin}${apiPath('updateTrash')}`, { method: 'PATCH', headers, body: JSON.stringify({ purge: [unread.fileId] }) });
    captureOutput();
    expect(await cleanupFromLedger(unread.ledger, undefined, env(mock.baseUrl, await mint(blind), blind))).toBe(1);
    expect(lines.join('\n')).toContain(
      `whether it is gone could not be read back (no key holding ${routeById('getTrash').scope} for ${ws.buckets[0]} to read the trash back)`,
    );
    expect(pendingEntries(readLedger(unread.ledger)).files.map((f) => f.id)).toEqual([unread.fileId]);
  });
});
