// Prism mode: a real Prism serves the seeded world (the HTTP mock's answers for
// the same seed), answers `Prefer: code=401` with the documented problem, and
// in --dynamic mode generates seeded, schema-valid data from the x-faker hints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OpenAPIV3_1 } from 'openapi-types';
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import { loadBundledSpec, loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { generateWorld } from '../world/generate-world.ts';
import { startMockServer, type MockServer } from '../http/start-mock-server.ts';
import { writePrismDocument } from '../prism/write-prism-document.ts';
import { findFreePort, startPrism, startPrismOnFreePort, type RunningPrism } from '../prism/start-prism.ts';

const SEED = 9001;
const FILES = 60;
const spec = loadBundledSpec();
const routes = loadRouteTable();
const route = (operationId: string): Route => routes.find((r) => r.operationId === operationId)!;

let dir: string;
let prism: RunningPrism;
let dynamicPrism: RunningPrism;
let dynamicTwin: RunningPrism;
let httpMock: MockServer;

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bucketkit-prism-'));
  // Prism cannot listen on port 0; the examples' URLs name the origin Prism will have.
  const port = await findFreePort();
  const written = await writePrismDocument({
    seed: SEED,
    files: FILES,
    origin: `http://127.0.0.1:${port}`,
    out: join(dir, 'openapi.prism.json'),
  });
  const dynamic = () => startPrismOnFreePort({ document: written.path, dynamic: true, seed: SEED });
  [prism, dynamicPrism, dynamicTwin, httpMock] = await Promise.all([
    startPrism({ document: written.path, port }),
    dynamic(),
    dynamic(),
    startMockServer({ port: 0, seed: SEED, files: FILES }),
  ]);
}, 90_000);

afterAll(async () => {
  await Promise.all([prism?.stop(), dynamicPrism?.stop(), dynamicTwin?.stop(), httpMock?.close()]);
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('npm run mock:prism (a real Prism on the seeded document)', () => {
  it('lists the same workspaces as the HTTP mock for the same seed, with the world generator ids', async () => {
    const fromPrism = await getJson(`${prism.origin}/api/v1/workspaces`, { authorization: 'Bearer any-token' });
    const fromMock = await getJson(`${httpMock.baseUrl}/workspaces`, { authorization: `Bearer ${httpMock.app.presetKeys.full}` });

    expect(fromPrism.status).toBe(200);
    expect(fromPrism.body).toEqual(fromMock.body);
    expect(fromPrism.body.data.map((w: { id: string }) => w.id)).toEqual(
      generateWorld({ seed: SEED, files: FILES }).workspaces.map((w) => w.id),
    );
  });

  it('lists the seeded files of the first bucket exactly as the HTTP mock does', async () => {
    const info = httpMock.app.info();
    const workspace = info.workspaces.find((w) => w.buckets.length >= 2)!;
    const path = `/api/v1${fillPath(route('listFiles').pathTemplate, { workspaceId: workspace.id, bucketId: workspace.buckets[0] })}`;

    const fromPrism = await getJson(`${prism.origin}${path}`, { authorization: 'Bearer any-token' });
    const fromMock = await getJson(`${httpMock.origin}${path}`, { authorization: `Bearer ${httpMock.app.presetKeys.full}` });

    expect(fromPrism.status).toBe(200);
    expect(fromPrism.body.data.length).toBeGreaterThan(0);
    expect(fromPrism.body).toEqual(fromMock.body);
  });

  it('answers Prefer: code=401 with the documented problem example and WWW-Authenticate', async () => {
    const op = (spec.paths!['/workspaces'] as OpenAPIV3_1.PathItemObject).get!;
    const documented = resolveRef<OpenAPIV3_1.ResponseObject>(spec, op.responses!['401']);

    const answer = await getJson(`${prism.origin}/api/v1/workspaces`, { authorization: 'Bearer any-token', prefer: 'code=401' });

    expect(answer.status).toBe(401);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.body).toEqual(documented.content!['application/problem+json'].example);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses a request without a bearer key with 401', async () => {
    const answer = await fetch(`${prism.origin}/api/v1/workspaces`);
    expect(answer.status).toBe(401);
  });

  it('answers an invalid query with a neutral problem and names the violation in sl-violations', async () => {
    const path = `/api/v1${fillPath(route('listFiles').pathTemplate, { workspaceId: 'ws_any', bucketId: 'bkt_any' })}?semantic=true`;

    const answer = await getJson(`${prism.origin}${path}`, { authorization: 'Bearer any-token' });

    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.detail).toContain('sl-violations');
    expect(answer.body.detail).not.toContain('JSON');
    expect(answer.headers.get('sl-violations')).toContain('semantic');
  });

  it('in --dynamic mode, two runs with the same --seed generate the same schema-valid files, unlike the seeded examples', async () => {
    const path = `/api/v1${fillPath(route('listFiles').pathTemplate, { workspaceId: 'ws_any', bucketId: 'bkt_any' })}`;

    const first = await getJson(`${dynamicPrism.origin}${path}`, { authorization: 'Bearer any-token' });
    const twin = await getJson(`${dynamicTwin.origin}${path}`, { authorization: 'Bearer any-token' });
    const seeded = await getJson(`${prism.origin}${path}`, { authorization: 'Bearer any-token' });

    expect(first.status).toBe(200);
    expect(first.body.data.length).toBeGreaterThan(0);
    expect(twin.body).toEqual(first.body);
    expect(first.body).not.toEqual(seeded.body);
    expect(loadSchemaValidator().validateResponse(route('listFiles'), 200, first.headers.get('content-type'), first.body)).toEqual([]);
  });
});
