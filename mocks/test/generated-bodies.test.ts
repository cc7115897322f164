// Bodies generated from the bundled spec's request schemas, one or more per
// oneOf branch, are served by the mock (with a key holding only the route's
// scope and real ids); and each conditional field the spec states is enforced:
// without it the mock answers 422 naming it, and a field of another branch is
// refused as unknown. The query dependency (semantic needs search) likewise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledSpec, loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { schemaInstances, type Pick } from './support/schema-instances.ts';
import { conditionalFields, foreignFields, objectsTagged, unionsReachableFrom } from './support/spec-conditions.ts';

const doc = loadBundledSpec();
const validator = loadSchemaValidator();
const bodyRoutes = loadRouteTable().filter((r) => r.requestBody);
const refOf = (route: Route) => route.requestBody!.schemaRef;
const SCHEMAS = '#/components/schemas/';
/** Bodies with the spec's example values, for the refusals (a 422 comes before any id is looked up). */
const examples = new Map(bodyRoutes.map((r) => [r.operationId, schemaInstances(doc, { $ref: refOf(r) }) as Record<string, unknown>[]]));
const unions = unionsReachableFrom(doc, bodyRoutes.map(refOf));

let mock: MockClient;
let readyIds: string[];
const keys = new Map<string, string>();
const keyFor = async (scope: string) => keys.get(scope) ?? keys.set(scope, await mock.key([scope])).get(scope)!;

let bucketPath: string;

beforeAll(async () => {
  mock = await startMockClient({ files: 2000 });
  bucketPath = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
  const listed = await mock.call(`${bucketPath}/files?limit=1000`, { key: mock.server.app.presetKeys.full });
  readyIds = listed.body.data.map((f: { id: string }) => f.id);
});
afterAll(() => mock.close());

let unique = 0;
/** Real ids (a fresh ready file of the bucket for each file id, the workspace's other bucket as a destination) and paths not taken yet. */
const realValues: Pick = ({ ref, pointer, generated }) => {
  if (ref === `${SCHEMAS}Id`) {
    if (pointer.endsWith('/bucketId')) return mock.ids.other;
    return readyIds.shift() ?? 'file_exhausted';
  }
  if (ref === `${SCHEMAS}FilePath` || ref === `${SCHEMAS}FolderPrefix`) return `generated/${++unique}/${generated}`;
  return generated;
};

async function send(route: Route, body: unknown, fileId?: string) {
  const path = mock.pathOf(route, fileId ? { fileId } : {});
  return mock.call(path, { method: route.method, key: await keyFor(route.scope), body });
}

describe('generated valid bodies of every request schema', () => {
  it('cover every branch of every discriminated union a request body reaches', () => {
    expect(unions.map((u) => u.name).sort()).toEqual(['AutomationAction', 'AutomationTrigger', 'SuggestionCreate']);
    for (const union of unions)
      for (const value of Object.keys(union.mapping)) {
        const carried = [...examples.values()].flat().some((body) => objectsTagged(body, union.tag, value).length > 0);
        expect(carried, `${union.name} ${union.tag}=${value}`).toBe(true);
      }
  });

  it('include both sides of an if/then (the Problem schema: a problem that needs requiredScope and one that does not)', () => {
    const problems = schemaInstances(doc, { $ref: `${SCHEMAS}Problem` }) as Record<string, unknown>[];
    for (const p of problems) expect(validator.validateRef(`${SCHEMAS}Problem`, p), JSON.stringify(p)).toEqual([]);
    expect(problems.some((p) => p.code === 'insufficient_scope')).toBe(true);
    expect(problems.some((p) => p.code !== 'insufficient_scope')).toBe(true);
  });

  it.each(bodyRoutes.map((r) => [r.operationId, r] as const))('%s: every generated body is valid and served', async (_, route) => {
    const bodies = schemaInstances(doc, { $ref: refOf(route) }, realValues) as Record<string, any>[];
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) {
      expect(validator.validateRequestBody(route, body), JSON.stringify(body)).toEqual([]);
      if (route.operationId === 'updateTrash') {
        // Restore and purge name trashed files: trash the fresh ones first.
        const trashed = await mock.call(`${bucketPath}/files/trash`, {
          key: mock.server.app.presetKeys.full,
          body: { fileIds: [...(body.restore ?? []), ...(body.purge ?? [])] },
        });
        expect(trashed.status).toBe(200);
      }
      const answer = await send(route, body, route.pathTemplate.includes('{fileId}') ? readyIds.shift() : undefined);
      if (route.agentForbidden) {
        // Every API-key client is refused before its body is read (G03): the body's validity is shown above.
        expect(answer.body.code).toBe('agent_upload_complete_forbidden');
        continue;
      }
      expect(answer.status, `${JSON.stringify(body)} → ${answer.text}`).toBe(route.successStatus);
      expect(validator.validateResponse(route, answer.status, answer.headers.get('content-type'), answer.body)).toEqual([]);
    }
  });
});

const refusals = unions.flatMap((union) =>
  conditionalFields(doc, union).flatMap((condition) => {
    for (const route of bodyRoutes)
      for (const body of examples.get(route.operationId)!)
        for (const { pointer, node } of objectsTagged(body, union.tag, condition.value)) {
          const [head, sub] = condition.field.split('/');
          if (sub ? node[head]?.[sub] === undefined : node[head] === undefined) continue;
          const without = structuredClone(body);
          const target = objectsTagged(without, union.tag, condition.value).find((o) => o.pointer === pointer)!.node;
          if (sub) delete target[head][sub];
          else delete target[head];
          return [
            {
              name: `${route.operationId}: ${union.tag} ${condition.value} without ${condition.field}`,
              route,
              without,
              field: `${pointer}/${condition.field}`,
              message: condition.message,
            },
          ];
        }
    throw new Error(`No generated body carries ${union.name} ${union.tag}=${condition.value} with ${condition.field}`);
  }),
);

describe('each conditional field the spec states', () => {
  it('is found: cron, tags, destination and the proposal of each kind', () => {
    expect(refusals.map((r) => r.field.split('/').slice(-2).join('/')).sort()).toEqual(
      ['action/destination', 'action/tags', 'proposal/description', 'proposal/path', 'proposal/tags', 'trigger/cron'].sort(),
    );
  });

  it.each(refusals.map((r) => [r.name, r] as const))('%s is refused 422 naming it', async (_, r) => {
    const answer = await send(r.route, r.without);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual([{ location: 'body', field: r.field, message: r.message }]);
  });

  const withForeign = unions.flatMap((u) =>
    Object.keys(u.mapping)
      .filter((value) => foreignFields(doc, u, value).length > 0)
      .map((value) => [`${u.name} ${u.tag}=${value}`, u, value] as const),
  );
  it('include cron on the event triggers, and tags or destination on the actions that do not take them', () => {
    expect(withForeign.map(([name]) => name).sort()).toEqual([
      'AutomationAction type=add_tags',
      'AutomationAction type=move',
      'AutomationAction type=summarize',
      'AutomationTrigger event=file.tagged',
      'AutomationTrigger event=file.uploaded',
    ]);
  });

  it.each(withForeign)('%s with a field of another branch is refused 422 naming it as unknown', async (_, union, value) => {
    for (const foreign of foreignFields(doc, union, value)) {
      const route = bodyRoutes.find((r) => examples.get(r.operationId)!.some((b) => objectsTagged(b, union.tag, value).length > 0))!;
      const body = structuredClone(examples.get(route.operationId)!.find((b) => objectsTagged(b, union.tag, value).length > 0)!);
      const { pointer, node } = objectsTagged(body, union.tag, value)[0];
      node[foreign] = 'x';
      const answer = await send(route, body);
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toContainEqual({ location: 'body', field: `${pointer}/${foreign}`, message: 'is not a known field' });
    }
  });
});

describe('query parameters that need another (x-dependent-required)', () => {
  const dependent = loadRouteTable().flatMap((route) =>
    route.queryParams.filter((p) => p.dependentRequired.length > 0).map((p) => [`${route.operationId} ${p.name}`, route, p] as const),
  );

  it('are semantic, which needs search', () => {
    expect(dependent.map(([name, , p]) => `${name} needs ${p.dependentRequired.join(', ')}`)).toEqual(['listFiles semantic needs search']);
  });

  it.each(dependent)('%s alone is refused 400 naming it; with what it needs it is served', async (_, route, param) => {
    const valueOf = (name: string) => String(schemaInstances(doc, route.queryParams.find((p) => p.name === name)!.schema)[0]);
    const full = mock.server.app.presetKeys.full;
    const alone = await mock.call(`${mock.pathOf(route)}?${param.name}=${valueOf(param.name)}`, { key: full });
    expect(alone.status).toBe(400);
    expect(alone.body.errors).toContainEqual(expect.objectContaining({ location: 'query', field: param.name }));
    const needs = param.dependentRequired.map((name) => `&${name}=${encodeURIComponent(valueOf(name))}`).join('');
    const served = await mock.call(`${mock.pathOf(route)}?${param.name}=${valueOf(param.name)}${needs}`, { key: full });
    expect(served.status).toBe(200);
  });
});
