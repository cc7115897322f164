// `--cleanup LEDGER` after a crash: the files a ledger records are trashed and
// purged on a real mock, and a second cleanup has nothing left to do. The run's
// own cleanup leaves the files a failing check's reproduction names.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../../mocks/http/start-mock-server.ts';
import { appendLedger, pendingEntries, readLedger } from '../ledger/ledger.ts';
import { cleanupFromLedger } from '../cli/cleanup-command.ts';
import { cleanupLedger } from '../ledger/cleanup.ts';
import { routeById, routePath } from '../client/request-builder.ts';
import type { RunSettings } from '../config/config-types.ts';

// The scopes cleanup needs (trash, purge) plus upload and list for the set-up, read from the spec.
const SCOPES = [...new Set((['presignUpload', 'listFiles', 'trashFiles', 'updateTrash'] as const).map((id) => routeById(id).scope))];

describe('cleaning up from a ledger', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => mock?.close());

  it('the run keeps files a failing reproduction names; --cleanup removes every recorded file and marks them cleaned', async () => {
    const info = await (await fetch(`${mock.origin}/__mock/info`)).json();
    const ws = info.workspaces.find((w: { buckets: string[] }) => w.buckets.length >= 2);
    const post = async (path: string, body: unknown, token?: string) =>
      (
        await fetch(`${mock.origin}${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: JSON.stringify(body),
        })
      ).json();
    const token = (await post('/__mock/keys', { scopes: SCOPES, bucketIds: null })).token as string;
    const at = { baseUrl: '', workspaceId: ws.id, buckets: { allowed: ws.buckets[0], other: ws.buckets[1] } } as RunSettings;
    const files = `/api/v1${routePath(routeById('listFiles'), at, 'allowed')}`;
    const presign = await post(
      `/api/v1${routePath(routeById('presignUpload'), at, 'allowed')}`,
      { path: 'bucketkit-conformance/crashed/a.txt', contentType: 'text/plain', size: 2 },
      token,
    );
    await fetch(presign.url, { method: 'PUT', headers: presign.headers, body: 'hi' });
    const listed = async () =>
      (
        await (
          await fetch(`${mock.origin}${files}?prefix=bucketkit-conformance/crashed/`, { headers: { Authorization: `Bearer ${token}` } })
        ).json()
      ).data.length;
    expect(await listed()).toBe(1);

    const ledger = join(mkdtempSync(join(tmpdir(), 'bk-cleanup-')), 'ledger.jsonl');
    appendLedger(ledger, {
      kind: 'run',
      runId: 'bkcrashed',
      baseUrl: mock.baseUrl,
      workspaceId: ws.id,
      runPrefix: 'bucketkit-conformance/crashed/',
      at: new Date().toISOString(),
    });
    appendLedger(ledger, { kind: 'file', bucketId: ws.buckets[0], id: presign.fileId, path: 'bucketkit-conformance/crashed/a.txt' });
    const env = {
      BUCKETKIT_BASE_URL: mock.baseUrl,
      BUCKETKIT_WORKSPACE_ID: ws.id,
      BUCKETKIT_BUCKET_ALLOWED: ws.buckets[0],
      BUCKETKIT_BUCKET_OTHER: ws.buckets[1],
      BUCKETKIT_KEYS: JSON.stringify([{ name: 'cleaner', scopes: SCOPES, bucketIds: null }]),
      BUCKETKIT_KEY_CLEANER: token,
    };
    // A second file, named by a failing check's request: the run's own cleanup keeps it.
    const second = await post(
      `/api/v1${routePath(routeById('presignUpload'), at, 'allowed')}`,
      { path: 'bucketkit-conformance/crashed/b.txt', contentType: 'text/plain', size: 2 },
      token,
    );
    await fetch(second.url, { method: 'PUT', headers: second.headers, body: 'hi' });
    appendLedger(ledger, { kind: 'file', bucketId: ws.buckets[0], id: second.fileId, path: 'bucketkit-conformance/crashed/b.txt' });
    appendLedger(ledger, { kind: 'kept', id: second.fileId, check: 'SCOPE-updateFile-refused' });
    const send = async (req: { method: string; path: string; json?: unknown }) => {
      const res = await fetch(`${mock.baseUrl}${req.path}`, {
        method: req.method,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(req.json),
      });
      const text = await res.text();
      return {
        request: { method: req.method, url: req.path, headers: {} },
        status: res.status,
        headers: {},
        text,
        shownText: text,
        body: Buffer.from(text),
        json: JSON.parse(text),
        attempts: 1,
        elapsedMs: 0,
      };
    };
    const own = await cleanupLedger(
      ledger,
      { workspaceId: ws.id, keys: [{ name: 'cleaner', env: 'BUCKETKIT_KEY_CLEANER', scopes: SCOPES, bucketIds: null }], send },
      { keepForRepro: true },
    );
    expect(own.removed).toBe(1);
    expect(own.kept).toEqual([expect.stringContaining(`${second.fileId} (bucketkit-conformance/crashed/b.txt)`)]);
    expect(own.kept[0]).toContain('SCOPE-updateFile-refused');
    expect(await listed()).toBe(1);

    expect(await cleanupFromLedger(ledger, undefined, env)).toBe(0);
    expect(await listed()).toBe(0);
    expect(pendingEntries(readLedger(ledger)).files).toEqual([]);
  });
});
