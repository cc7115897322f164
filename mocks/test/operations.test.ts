// Every operation's happy path over real HTTP, and the state change it makes
// seen through a later read.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockClient, type MockClient } from './support/mock-client.ts';

let mock: MockClient;
let full: string;
let base: string;
let otherBase: string;

const firstFiles = async (bucketBase: string, limit = 3) =>
  (await mock.call(`${bucketBase}/files?limit=${limit}`, { key: full })).body.data as any[];

beforeAll(async () => {
  mock = await startMockClient();
  full = mock.server.app.presetKeys.full;
  base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
  otherBase = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.other}`;
});
afterAll(() => mock.close());
beforeEach(async () => {
  await mock.call('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
});

describe('workspaces and buckets', () => {
  it('lists the seeded workspaces, oldest first, with their bucket counts', async () => {
    const { status, body } = await mock.call('/workspaces', { key: full });
    expect(status).toBe(200);
    expect(body.data.map((w: any) => w.id)).toEqual([mock.ids.workspace, mock.ids.otherWorkspace]);
    expect(body.data[0].bucketCount).toBe(3);
    expect(body.nextCursor).toBeNull();
  });

  it('lists the buckets of a workspace with live file counts', async () => {
    const { body } = await mock.call(`/workspaces/${mock.ids.workspace}/buckets`, { key: full });
    expect(body.data.map((b: any) => b.id).slice(0, 2)).toEqual([mock.ids.allowed, mock.ids.other]);
    const [file] = await firstFiles(base, 1);
    await mock.call(`${base}/files/trash`, { key: full, body: { fileIds: [file.id] } });
    const after = await mock.call(`/workspaces/${mock.ids.workspace}/buckets`, { key: full });
    expect(after.body.data[0].fileCount).toBe(body.data[0].fileCount - 1);
    expect(after.body.data[0].totalSize).toBe(body.data[0].totalSize - file.size);
  });
});

describe('files', () => {
  it('PATCH of tags and description persists and shows in the listing', async () => {
    const [file] = await firstFiles(base, 1);
    const patched = await mock.call(`${base}/files/${file.id}`, {
      method: 'PATCH',
      key: full,
      body: { tags: ['board', 'q4'], description: 'For the board.' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: file.id, tags: ['board', 'q4'], description: 'For the board.' });
    const listed = await mock.call(`${base}/files?tag=board&prefix=${encodeURIComponent(file.path)}`, { key: full });
    expect(listed.body.data).toEqual([patched.body]);
  });

  it('moves files to another folder and bucket, out of the source listing', async () => {
    const [a, b] = await firstFiles(base, 2);
    const moved = await mock.call(`${base}/files/move`, {
      key: full,
      body: { fileIds: [a.id, b.id], destination: { bucketId: mock.ids.other, prefix: 'moved/here/' } },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.moved.map((f: any) => [f.id, f.bucketId, f.path])).toEqual([
      [a.id, mock.ids.other, `moved/here/${a.name}`],
      [b.id, mock.ids.other, `moved/here/${b.name}`],
    ]);
    const inPathOrder = [a, b].sort((x, y) => (x.name < y.name ? -1 : 1)).map((f) => f.id);
    expect((await mock.call(`${otherBase}/files?prefix=moved/here/`, { key: full })).body.data.map((f: any) => f.id)).toEqual(inPathOrder);
    expect((await firstFiles(base, 2)).map((f) => f.id)).not.toContain(a.id);
  });

  it('refuses a move onto a taken path with 409 and moves nothing', async () => {
    const [a, b] = await firstFiles(base, 2);
    const upload = await mock.call(`${base}/files/presign-upload`, {
      key: full,
      body: { path: `clash/${a.name}`, contentType: 'text/plain', size: 1 },
    });
    expect((await fetch(upload.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(200);
    const clash = await mock.call(`${base}/files/move`, { key: full, body: { fileIds: [b.id, a.id], destination: { prefix: 'clash/' } } });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ code: 'conflict', detail: expect.stringContaining(`clash/${a.name}`) });
    const stillThere = (await mock.call(`${base}/files?limit=2`, { key: full })).body.data;
    expect(stillThere.map((f: any) => f.path)).toEqual([a.path, b.path]);
  });

  it('moves a file to the trash: out of listings, into GET trash, restorable', async () => {
    const [file] = await firstFiles(base, 1);
    const trashed = await mock.call(`${base}/files/trash`, { key: full, body: { fileIds: [file.id] } });
    expect(trashed.status).toBe(200);
    expect(trashed.body.trashed[0]).toMatchObject({ fileId: file.id, path: file.path });
    expect((await firstFiles(base, 1))[0].id).not.toBe(file.id);
    const trash = await mock.call(`${base}/trash`, { key: full });
    expect(trash.body.data[0].fileId).toBe(file.id);
    expect(trash.body.retentionDays).toBe(30);
    const restored = await mock.call(`${base}/trash`, { method: 'PATCH', key: full, body: { restore: [file.id] } });
    expect(restored.status).toBe(200);
    expect(restored.body.restored[0]).toMatchObject({ id: file.id, path: file.path, status: 'ready' });
    expect((await firstFiles(base, 1))[0].id).toBe(file.id);
  });

  it('purges and empties the trash for good', async () => {
    const [a, b] = await firstFiles(base, 2);
    await mock.call(`${base}/files/trash`, { key: full, body: { fileIds: [a.id, b.id] } });
    const purged = await mock.call(`${base}/trash`, { method: 'PATCH', key: full, body: { purge: [a.id] } });
    expect(purged.body).toEqual({ restored: [], purged: [a.id] });
    const emptied = await mock.call(`${base}/trash`, { method: 'PATCH', key: full, body: { empty: true } });
    expect(emptied.body.purged).toContain(b.id);
    expect((await mock.call(`${base}/trash`, { key: full })).body.data).toEqual([]);
    const again = await mock.call(`${base}/trash`, { method: 'PATCH', key: full, body: { restore: [a.id] } });
    expect(again.status).toBe(404);
  });

  it('refuses a restore onto a taken path with 409 and changes nothing', async () => {
    const [file] = await firstFiles(base, 1);
    await mock.call(`${base}/files/trash`, { key: full, body: { fileIds: [file.id] } });
    const upload = await mock.call(`${base}/files/presign-upload`, {
      key: full,
      body: { path: file.path, contentType: 'text/plain', size: 2 },
    });
    await fetch(upload.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hi' });
    const restore = await mock.call(`${base}/trash`, { method: 'PATCH', key: full, body: { restore: [file.id] } });
    expect(restore.status).toBe(409);
    expect(restore.body.code).toBe('conflict');
    expect((await mock.call(`${base}/trash`, { key: full })).body.data.map((e: any) => e.fileId)).toContain(file.id);
  });
});

describe('intelligence, agent, automations, suggestions, shares, transfers', () => {
  it('reads and updates intelligence', async () => {
    const updated = await mock.call(`${base}/intelligence`, {
      method: 'PATCH',
      key: full,
      body: { enabled: false, instructions: 'Tag by client.' },
    });
    expect(updated.body).toMatchObject({ enabled: false, instructions: 'Tag by client.' });
    expect((await mock.call(`${base}/intelligence`, { key: full })).body).toMatchObject({
      enabled: false,
      instructions: 'Tag by client.',
      status: 'idle',
    });
  });

  it('starts a backfill job (202) and returns the same job while it runs', async () => {
    const first = await mock.call(`${base}/intelligence/backfill`, { key: full, body: {} });
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'queued', processedFiles: 0, finishedAt: null });
    const second = await mock.call(`${base}/intelligence/backfill`, { method: 'POST', key: full });
    expect(second.body.id).toBe(first.body.id);
    expect((await mock.call(`${base}/intelligence`, { key: full })).body).toMatchObject({
      status: 'indexing',
      backfill: { id: first.body.id },
    });
  });

  it('runs the bucket agent, which cites files of the bucket', async () => {
    const [file] = await firstFiles(base, 1);
    const topic = file.name.split(/[^a-z0-9]+/)[0];
    const run = await mock.call(`${base}/agent`, { key: full, body: { prompt: `Anything about ${topic}?` } });
    expect(run.status).toBe(200);
    expect(run.body.status).toBe('completed');
    expect(run.body.citations.length).toBeGreaterThan(0);
    for (const c of run.body.citations) expect(c.path.toLowerCase()).toContain(topic);
    const files = new Set((await mock.call(`${base}/files?limit=1000`, { key: full })).body.data.map((f: any) => f.id));
    for (const c of run.body.citations) expect(files.has(c.fileId)).toBe(true);
  });

  it('creates an automation that the listing then shows', async () => {
    const created = await mock.call(`${base}/automations`, {
      key: full,
      body: {
        name: 'Tag invoices',
        trigger: { event: 'file.uploaded', prefix: 'invoices/' },
        action: { type: 'add_tags', tags: ['invoice'] },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Tag invoices', enabled: true, lastRunAt: null });
    const listed = await mock.call(`${base}/automations`, { key: full });
    expect(listed.body.data.at(-1)).toEqual(created.body);
  });

  it('creates a suggestion that the listing then shows first', async () => {
    const [file] = await firstFiles(base, 1);
    const created = await mock.call(`${base}/suggestions`, {
      key: full,
      body: { fileId: file.id, kind: 'add_tags', proposal: { tags: ['review'] } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ fileId: file.id, status: 'open', source: 'api', reason: null });
    expect((await mock.call(`${base}/suggestions`, { key: full })).body.data[0]).toEqual(created.body);
  });

  it('lists shares and transfers of the bucket, newest first', async () => {
    for (const what of ['shares', 'transfers']) {
      const { status, body } = await mock.call(`${base}/${what}`, { key: full });
      expect(status).toBe(200);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((x: any) => x.bucketId === mock.ids.allowed)).toBe(true);
      const dates = body.data.map((x: any) => x.createdAt);
      expect([...dates].sort().reverse()).toEqual(dates);
    }
  });
});
