// Planted faults: each switch breaks its own rule (and those of the narrower
// faults it subsumes), no fault breaks another's rule, they can be switched
// over the control API, and the catalog is complete. The full proof is the
// conformance self-test.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_CATALOG, FAULT_NAMES, type FaultName } from '../faults/fault-catalog.ts';
import { loadBundledSpec, loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { faultRoutes, fileIdsNamed } from '../faults/fault-routes.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { FAULT_PROBES, FAULT_SUBSUMES } from './support/fault-probes.ts';

let mock: MockClient;

beforeAll(async () => {
  mock = await startMockClient();
});
afterAll(() => mock.close());

/** The probes that fire with the faults now switched on, each after a reset. */
async function brokenRules(probed: readonly FaultName[]): Promise<FaultName[]> {
  const broken: FaultName[] = [];
  for (const name of probed) {
    mock.server.app.reset();
    // A probe that cannot even read what it needs counts as a broken rule.
    if (await FAULT_PROBES[name](mock).catch(() => true)) broken.push(name);
  }
  return broken;
}

async function withFaults<T>(faults: readonly FaultName[], task: () => Promise<T>): Promise<T> {
  mock.server.app.setFaults(faults);
  try {
    return await task();
  } finally {
    mock.server.app.setFaults([]);
  }
}

const subsumed = (name: FaultName): readonly FaultName[] => {
  const subsumes = FAULT_SUBSUMES[name];
  return Array.isArray(subsumes) ? subsumes : [];
};
const everyRoute = (name: FaultName) => FAULT_SUBSUMES[name] === 'every-route';

/** The first `count` subsets of `size` of 0..m-1, for the smallest m that has that many. */
function subsets(count: number, size: number): number[][] {
  let m = size;
  const choose = (n: number, k: number): number => (k === 0 ? 1 : (choose(n - 1, k - 1) * n) / k);
  while (choose(m, size) < count) m++;
  const all: number[][] = [];
  const pick = (from: number, chosen: number[]) => {
    if (chosen.length === size) return void all.push(chosen);
    for (let i = from; i < m && all.length < count; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  return all;
}

/**
 * Groups of faults to switch on together, so that for any two faults some group holds the first and not the second:
 * each fault is in three groups, no two in the same three. A probe silent while a group is on shows that no fault
 * of the group breaks its rule alone (a fault hiding another's break would change what that probe reads): ten groups
 * instead of a run per pair.
 */
function apartGroups<T>(items: readonly T[]): T[][] {
  const places = subsets(items.length, 3);
  const groups = Math.max(...places.flat()) + 1;
  return Array.from({ length: groups }, (_, g) => items.filter((_, i) => places[i].includes(g)));
}

/** The faults of a group that break the rule alone, found by halves (the group as a whole breaks it). */
async function breakersAlone(group: readonly FaultName[], rule: FaultName): Promise<FaultName[]> {
  if (group.length === 1) return [...group];
  const halves = [group.slice(0, Math.ceil(group.length / 2)), group.slice(Math.ceil(group.length / 2))];
  const found: FaultName[] = [];
  for (const half of halves)
    if ((await withFaults(half, () => brokenRules([rule]))).length) found.push(...(await breakersAlone(half, rule)));
  return found;
}

// A route-wide fault breaks every probe's rule; it is only asked to break its own.
const GROUPS = apartGroups(FAULT_NAMES.filter((name) => !everyRoute(name)));

describe('planted faults', () => {
  it('the clean mock breaks no probed rule', async () => {
    mock.server.app.setFaults([]);
    expect(await brokenRules(FAULT_NAMES)).toEqual([]);
  });

  for (const { name } of FAULT_CATALOG) {
    const also = subsumed(name);
    it(`${name} breaks its own rule${also.length ? ` and those of ${also.join(', ')}` : ''}`, async () => {
      expect(await withFaults([name], () => brokenRules([name, ...also]))).toEqual([name, ...also]);
    });
  }

  it('any two faults are apart in some group', () => {
    const grouped = FAULT_NAMES.filter((name) => !everyRoute(name));
    for (const a of grouped)
      for (const b of grouped)
        if (a !== b)
          expect(
            GROUPS.some((g) => g.includes(a) && !g.includes(b)),
            `${a} without ${b}`,
          ).toBe(true);
  });

  for (const group of GROUPS) {
    it(`${group.length} faults switched on together (${group[0]}, …) break no other fault's rule`, async () => {
      const probed = FAULT_NAMES.filter((name) => !group.includes(name) && !group.some((g) => subsumed(g).includes(name)));
      const broken = await withFaults(group, () => brokenRules(probed));
      // A rule only the combination breaks is no fault's leak: the group is searched by halves for a fault breaking it alone.
      const leaks: string[] = [];
      for (const rule of broken) for (const fault of await breakersAlone(group, rule)) leaks.push(`${fault} breaks ${rule}`);
      expect(leaks).toEqual([]);
    });
  }

  it('reads the classes of routes its faults act on from the spec', () => {
    const routes = faultRoutes({ spec: loadBundledSpec(), routes: loadRouteTable() });
    // What the spec gives today: a route the spec adds to a class joins its faults with no edit here but this list.
    expect(routes).toMatchObject({
      fileTakers: ['updateFile', 'presignDownload', 'trashFiles', 'moveFiles', 'runBucketAgent', 'createSuggestion'],
      fileNamers: ['updateFile', 'presignDownload', 'trashFiles', 'moveFiles', 'runBucketAgent', 'updateTrash', 'createSuggestion'],
      fileLists: ['trashFiles', 'moveFiles', 'runBucketAgent'],
      recordListings: ['listAutomations', 'listSuggestions', 'listShares', 'listTransfers'],
    });
    const restore = { params: {}, body: { restore: ['a', 'b'], purge: ['c'] } };
    expect(fileIdsNamed(routes, 'updateTrash', restore)).toEqual(['a', 'b', 'c']);
    expect(fileIdsNamed(routes, 'updateTrash', restore, { namedForFiles: true })).toEqual([]);
    expect(fileIdsNamed(routes, 'moveFiles', { params: {}, body: { fileIds: ['x', 'y'] } }, { list: true })).toEqual(['x', 'y']);
    expect(fileIdsNamed(routes, 'updateFile', { params: { fileId: 'f' }, body: { tags: [] } })).toEqual(['f']);
  });

  it('mocks/README.md lists every fault with its catalog description, and no other', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const section = readme.slice(readme.indexOf('## Planted faults'));
    const rows = [...section.matchAll(/^\| `([a-z0-9-]+)` \| (.+) \|$/gm)].map((m) => `${m[1]}: ${m[2]}`);
    expect(rows.sort()).toEqual(FAULT_CATALOG.map((f) => `${f.name}: ${f.description}`).sort());
  });

  it('POST /__mock/faults switches faults on and off, and refuses unknown names', async () => {
    const on = await mock.call('/__mock/faults', { body: { faults: ['missing-key-accepted'] } });
    expect(on.body).toEqual({ faults: ['missing-key-accepted'] });
    expect((await mock.call('/workspaces')).status).toBe(200);
    expect((await mock.call('/__mock/faults')).body.faults).toEqual(['missing-key-accepted']);
    const bad = await mock.call('/__mock/faults', { body: { faults: ['no-such-fault'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.detail).toContain('Known faults');
    expect((await mock.call('/__mock/faults')).body.faults).toEqual(['missing-key-accepted']);
    await mock.call('/__mock/faults', { body: { faults: [] } });
    expect((await mock.call('/workspaces')).status).toBe(401);
  });

  it('response-missing-field makes File bodies fail the spec validator', async () => {
    mock.server.app.setFaults(['response-missing-field']);
    const route = loadRouteTable().find((r) => r.operationId === 'listFiles')!;
    const answer = await mock.call(`/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/files?limit=1`, {
      key: mock.server.app.presetKeys.full,
    });
    mock.server.app.setFaults([]);
    expect(loadSchemaValidator().validateResponse(route, answer.status, answer.headers.get('content-type'), answer.body)).toContainEqual(
      expect.objectContaining({ field: '/data/0/updatedAt' }),
    );
  });

  it('upload-needs-complete lets upload-complete finalise the upload', async () => {
    mock.server.app.setFaults(['upload-needs-complete']);
    const base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
    const key = mock.server.app.presetKeys.full;
    const offer = await mock.call(`${base}/files/presign-upload`, {
      key,
      body: { path: 'late/a.txt', contentType: 'text/plain', size: 1 },
    });
    await fetch(offer.body.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'a' });
    const done = await mock.call(`${base}/files/upload-complete`, { key, body: { uploadId: offer.body.uploadId } });
    mock.server.app.setFaults([]);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: offer.body.fileId, path: 'late/a.txt', status: 'ready' });
  });
});
