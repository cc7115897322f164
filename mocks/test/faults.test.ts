// Planted faults: each switch breaks exactly its own rule (every probe stays
// clean but its own), they can be switched over the control API, and the
// catalog is complete. The full proof is the conformance self-test.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_CATALOG, FAULT_NAMES } from '../faults/fault-catalog.ts';
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { FAULT_PROBES, FAULT_SUBSUMES } from './support/fault-probes.ts';

let mock: MockClient;

beforeAll(async () => {
  mock = await startMockClient();
});
afterAll(() => mock.close());

async function brokenRules(): Promise<string[]> {
  const broken: string[] = [];
  for (const name of FAULT_NAMES) {
    mock.server.app.reset();
    // A probe that cannot even read what it needs counts as a broken rule.
    if (await FAULT_PROBES[name](mock).catch(() => true)) broken.push(name);
  }
  return broken;
}

describe('planted faults', () => {
  it('the clean mock breaks no probed rule', async () => {
    mock.server.app.setFaults([]);
    expect(await brokenRules()).toEqual([]);
  });

  for (const fault of FAULT_CATALOG) {
    const { name } = fault;
    const subsumes = FAULT_SUBSUMES[name] ?? [];
    it(`${name} breaks its own rule${subsumes === 'every-route' ? '' : ' and no other'}${Array.isArray(subsumes) && subsumes.length ? ` than ${subsumes.join(', ')}` : ''}`, async () => {
      mock.server.app.setFaults([name]);
      try {
        const broken = await brokenRules();
        if (subsumes === 'every-route') expect(broken).toContain(name);
        else expect(broken.sort()).toEqual([name, ...subsumes].sort());
      } finally {
        mock.server.app.setFaults([]);
      }
    });
  }

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
