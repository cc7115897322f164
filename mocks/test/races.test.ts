// Races a frontend or a test suite can start: many parallel moves of one file,
// parallel uploads to one path, trash, restore and purge of the same files at
// once, and a reset in the middle of traffic. Each ends with nothing lost and
// nothing duplicated: every file in exactly one place.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../http/start-mock-server.ts';
import { auditWorld } from './support/world-audit.ts';

let server: MockServer;
let key: string;
let base: string;
let otherBase: string;

beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 9, files: 600 });
  key = server.app.presetKeys.full;
  const [workspace] = server.app.info().workspaces;
  base = `/workspaces/${workspace.id}/buckets/${workspace.buckets[0]}`;
  otherBase = `/workspaces/${workspace.id}/buckets/${workspace.buckets[1]}`;
});
afterAll(() => server.close());
beforeEach(async () => {
  expect((await fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(
    200,
  );
});

async function call(path: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = { authorization: `Bearer ${key}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const answer = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

const statuses = (answers: { status: number }[]) => answers.map((a) => a.status).sort();
const count = (answers: { status: number }[], status: number) => answers.filter((a) => a.status === status).length;

async function expectConsistent(total?: number): Promise<void> {
  const audit = await auditWorld(server);
  expect(audit.problems).toEqual([]);
  if (total !== undefined) expect(audit.total).toBe(total);
}

describe('races', () => {
  it('200 parallel moves of one file, to 200 folders of two buckets, are each moved or 404 and leave it in exactly one place', async () => {
    const seeded = (await auditWorld(server)).total;
    const file = (await call(`${base}/files?limit=1`)).body.data[0];
    const moves = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(`${i % 2 ? base : otherBase}/files/move`, 'POST', {
          fileIds: [file.id],
          destination: { bucketId: (i % 2 ? otherBase : base).split('/').pop(), prefix: `race/${i}/` },
        }),
      ),
    );
    // A move through a bucket the file has just left is 404; every other one moves it.
    expect(count(moves, 200) + count(moves, 404)).toBe(200);
    expect(count(moves, 200)).toBeGreaterThan(0);
    const audit = await auditWorld(server);
    expect(audit.problems).toEqual([]);
    expect(audit.total).toBe(seeded);
    expect(audit.ready.get(file.id)?.path).toMatch(/^race\/\d+\//);
  });

  it('100 parallel moves of different files with one name into one folder: one wins, 99 are 409, nothing moves twice', async () => {
    const seeded = (await auditWorld(server)).total;
    const files = (await call(`${base}/files?limit=1000`)).body.data;
    const byName = new Map<string, any[]>();
    for (const f of files) byName.set(f.name, [...(byName.get(f.name) ?? []), f]);
    const [name, same] = [...byName].sort((a, b) => b[1].length - a[1].length)[0];
    expect(same.length).toBeGreaterThan(1);
    const moves = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(`${base}/files/move`, 'POST', { fileIds: [same[i % same.length].id], destination: { prefix: 'together/' } }),
      ),
    );
    expect(count(moves, 200)).toBeGreaterThan(0);
    expect(count(moves, 200) + count(moves, 409)).toBe(100);
    const landed = (await call(`${base}/files?prefix=together/`)).body.data;
    expect(landed.map((f: any) => f.path)).toEqual([`together/${name}`]);
    await expectConsistent(seeded);
  });

  it('20 parallel presigns of one path give one upload; 20 parallel PUTs of it make one file', async () => {
    const seeded = (await auditWorld(server)).total;
    const presigns = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(`${base}/files/presign-upload`, 'POST', { path: 'race/one.txt', contentType: 'text/plain', size: 5 }),
      ),
    );
    expect(statuses(presigns)).toEqual([201, ...Array(19).fill(409)]);
    const { url } = presigns.find((p) => p.status === 201)!.body;
    const puts = await Promise.all(
      Array.from({ length: 20 }, () => fetch(url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' })),
    );
    expect(puts.map((p) => p.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect((await call(`${base}/files?prefix=race/`)).body.data.map((f: any) => f.path)).toEqual(['race/one.txt']);
    await expectConsistent(seeded + 1);
  });

  it('trash, restore and purge of the same files at once: each file ends ready or gone, never both, never twice', async () => {
    const seeded = (await auditWorld(server)).total;
    const ids = (await call(`${base}/files?limit=30`)).body.data.map((f: any) => f.id);
    const trashes = await Promise.all(
      ids.flatMap((id: string) => [0, 1, 2].map(() => call(`${base}/files/trash`, 'POST', { fileIds: [id] }))),
    );
    expect(count(trashes, 200)).toBe(30);
    expect(count(trashes, 404)).toBe(60);
    const changes = await Promise.all(
      ids.flatMap((id: string, i: number) => [
        call(`${base}/trash`, 'PATCH', { restore: [id] }),
        call(`${base}/trash`, 'PATCH', { purge: [id] }),
        call(`${base}/files/trash`, 'POST', { fileIds: [id] }),
        ...(i % 10 === 0 ? [call(`${base}/trash`, 'PATCH', { empty: true })] : []),
      ]),
    );
    expect(changes.every((c) => [200, 404].includes(c.status))).toBe(true);
    const purged = new Set(changes.flatMap((c) => (c.status === 200 ? (c.body.purged ?? []) : [])));
    const audit = await auditWorld(server);
    expect(audit.problems).toEqual([]);
    for (const id of ids) {
      const places = [audit.ready.has(id), audit.trashed.has(id), purged.has(id)].filter(Boolean).length;
      expect(places, id).toBe(1);
    }
    // Emptying the trash also purged files that were trashed before the race.
    expect(audit.total).toBe(seeded - purged.size);
  });

  it('a reset in the middle of 300 mixed requests leaves the seeded world, whole and consistent', async () => {
    const seeded = await auditWorld(server);
    const files = (await call(`${base}/files?limit=100`)).body.data;
    const traffic = Array.from({ length: 300 }, (_, i) => {
      const file = files[i % files.length];
      if (i === 150) return fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
      if (i % 3 === 0) return call(`${base}/files/${file.id}`, 'PATCH', { tags: ['raced'] });
      if (i % 3 === 1) return call(`${base}/files/move`, 'POST', { fileIds: [file.id], destination: { prefix: `mid/${i}/` } });
      return call(`${base}/files/trash`, 'POST', { fileIds: [file.id] });
    });
    const answers = await Promise.all(traffic);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    await expectConsistent();
    expect((await fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(
      200,
    );
    const after = await auditWorld(server);
    expect(after.problems).toEqual([]);
    expect(after.total).toBe(seeded.total);
    expect([...after.ready.keys()].sort()).toEqual([...seeded.ready.keys()].sort());
  });
});
