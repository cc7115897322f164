// Seeded, bounded fuzzing of every route over HTTP: 5,000 requests made from
// the route table and the request schemas, 16 at a time, with resets between
// batches. None may get a 5xx; every refusal is a problem body; every success
// matches the spec; and afterwards the world adds up: every file in exactly
// one place, counts equal to the seeded files plus uploads minus purges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledSpec, loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { startMockServer, type MockServer } from '../http/start-mock-server.ts';
import { auditWorld } from './support/world-audit.ts';
import { createRequestFuzzer, remember, type FuzzPools, type FuzzRequest } from './support/request-fuzzer.ts';

const SEED = 20_261_123;
const REQUESTS = 5_000;
const PARALLEL = 16;
const RESET_EVERY_BATCHES = 90;

let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ port: 0, seed: 5, files: 2000 });
});
afterAll(() => server.close());

const segments = (path: string) => path.split('/').length;

describe('fuzzing every route', () => {
  it(`${REQUESTS} seeded requests get no 5xx, only problem bodies for refusals and spec-valid successes, and leave a consistent world`, async () => {
    const routes = loadRouteTable();
    const validator = loadSchemaValidator();
    const seeded = await auditWorld(server);
    expect(seeded.problems).toEqual([]);
    const info = server.app.info();
    const pools: FuzzPools = {
      buckets: new Map(info.workspaces.flatMap((w) => w.buckets.map((b) => [b, w.id] as const))),
      files: new Map(),
      trashed: new Map(),
      uploads: [],
    };
    for (const file of seeded.ready.values()) remember(pools.files, file.bucketId, [file.id]);
    const { full, readonly, restricted } = server.app.presetKeys;
    const fuzzer = createRequestFuzzer(loadBundledSpec(), routes, [full, readonly, restricted], pools, SEED);
    const failures: string[] = [];
    const requestsPerRoute = new Map<string, number>();
    const successPerRoute = new Map<string, number>();
    let expectedTotal = seeded.total;

    const describeRequest = (req: FuzzRequest, status: number) => `${req.method} ${req.path} ${req.body?.slice(0, 120) ?? ''} -> ${status}`;

    async function send(req: FuzzRequest): Promise<void> {
      const url = `${server.baseUrl}${req.path}`;
      const answer = await fetch(url, { method: req.method, headers: req.headers, body: req.body });
      const text = await answer.text();
      const type = answer.headers.get('content-type') ?? '';
      requestsPerRoute.set(req.route.operationId, (requestsPerRoute.get(req.route.operationId) ?? 0) + 1);
      if (answer.status >= 500) return void failures.push(`5xx: ${describeRequest(req, answer.status)} ${text.slice(0, 200)}`);
      if (req.method === 'HEAD') return void (text === '' || failures.push(`HEAD with a body: ${describeRequest(req, answer.status)}`));
      if (answer.status >= 400) {
        if (type !== 'application/problem+json' || !JSON.parse(text).code)
          failures.push(`not a problem body: ${describeRequest(req, answer.status)}`);
        return;
      }
      // An answer asked for with Prefer is the spec's example, or a generic one for a status the operation does not document.
      if (req.headers.prefer) return;
      const body = JSON.parse(text);
      // A dot segment in an odd id makes fetch normalise the URL onto another route; only judge answers of the route itself.
      const own =
        req.method === req.route.method &&
        segments(new URL(url).pathname) === segments(new URL(`${server.baseUrl}${req.route.pathTemplate}`).pathname);
      if (!own) return;
      successPerRoute.set(req.route.operationId, (successPerRoute.get(req.route.operationId) ?? 0) + 1);
      const errors = validator.validateResponse(req.route, answer.status, type, body);
      if (errors.length > 0) failures.push(`invalid ${req.route.operationId} body: ${JSON.stringify(errors).slice(0, 300)}`);
      await follow(req, body);
    }

    // Follows a success the way a client would, and keeps the books.
    async function follow(req: FuzzRequest, body: any): Promise<void> {
      switch (req.route.operationId) {
        case 'presignUpload': {
          pools.uploads.push(body.uploadId);
          if (fuzzer.rand.chance(0.3)) return;
          const put = await fetch(body.url, { method: 'PUT', headers: body.headers, body: 'u'.repeat(body.size) });
          if (put.status >= 500) failures.push(`5xx on upload PUT: ${put.status}`);
          if (put.status === 200) {
            expectedTotal++;
            remember(pools.files, req.bucketId, [(await put.json()).id]);
          } else await put.text();
          return;
        }
        case 'presignDownload': {
          const got = await fetch(body.url);
          const bytes = await got.arrayBuffer();
          if (got.status >= 500 || (got.status === 200 && bytes.byteLength !== Number(got.headers.get('content-length'))))
            failures.push(`download ${got.status} of ${bytes.byteLength} bytes`);
          return;
        }
        case 'trashFiles':
          remember(
            pools.trashed,
            req.bucketId,
            body.trashed.map((t: any) => t.fileId),
          );
          return;
        case 'updateTrash':
          expectedTotal -= body.purged.length;
          remember(
            pools.files,
            req.bucketId,
            body.restored.map((f: any) => f.id),
          );
          return;
      }
    }

    const batches = Math.ceil(REQUESTS / PARALLEL);
    for (let batch = 0; batch < batches; batch++) {
      if (batch > 0 && batch % RESET_EVERY_BATCHES === 0) {
        const reset = await fetch(`${server.origin}/__mock/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
        expect(reset.status).toBe(200);
        expectedTotal = seeded.total;
      }
      await Promise.all(Array.from({ length: PARALLEL }, () => send(fuzzer.next())));
    }

    expect(failures).toEqual([]);
    for (const route of routes) {
      expect(requestsPerRoute.get(route.operationId) ?? 0, route.operationId).toBeGreaterThan(100);
      if (!route.agentForbidden) expect(successPerRoute.get(route.operationId) ?? 0, `${route.operationId} succeeded`).toBeGreaterThan(0);
    }
    const after = await auditWorld(server);
    expect(after.problems).toEqual([]);
    expect(after.total).toBe(expectedTotal);
  }, 120_000);
});
