// Collects one success body per operation from the behaviour core itself, for
// a seed: what the HTTP mock answers a full-access key on the seeded world.
// Prism then serves these bodies, so its data has the HTTP mock's ids.
import type { OpenAPIV3_1 } from 'openapi-types';
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import { createMockApp, type MockAppHandle } from '../app/create-mock-app.ts';
import { manualClock } from '../core/clock.ts';
import { WORLD_NOW } from '../world/seeded-values.ts';

export interface SeededExampleOptions {
  seed?: number;
  files?: number;
  /** Origin written into presigned and share URLs. */
  origin: string;
}

export interface SeededExamples {
  /** Success body per operationId. */
  bodies: Map<string, unknown>;
  /** Operations the core would not answer with success (their documented example stays), and why. */
  skipped: { operationId: string; status: number; detail: string }[];
}

/** Candidate seeded values per path parameter name: `own` for the example id itself, `other` for another id of its kind. */
type Candidates = Record<string, { own: string[]; other: string[] }>;

// The example value of every path parameter of the spec, by name (e.g. fileId → file_0b6e4d3c9a).
function pathParamExamples(spec: ApiDocument): Map<string, string> {
  const examples = new Map<string, string>();
  for (const pathItem of Object.values(spec.paths ?? {})) {
    const ops = Object.values(pathItem ?? {}).filter(
      (v) => typeof v === 'object' && v !== null && 'responses' in v,
    ) as OpenAPIV3_1.OperationObject[];
    for (const raw of [...(pathItem?.parameters ?? []), ...ops.flatMap((op) => op.parameters ?? [])]) {
      const param = resolveRef<OpenAPIV3_1.ParameterObject>(spec, raw);
      if (param.in === 'path' && typeof param.example === 'string') examples.set(param.name, param.example);
    }
  }
  return examples;
}

const kindOf = (id: string) => id.split('_')[0];

// Replaces the spec's example ids in a request body with seeded ids; `pick` chooses among candidates.
function substituteIds(value: unknown, examples: Map<string, string>, candidates: Candidates, pick: number): unknown {
  if (Array.isArray(value)) return value.map((v) => substituteIds(v, examples, candidates, pick));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substituteIds(v, examples, candidates, pick)]));
  if (typeof value !== 'string') return value;
  for (const [name, example] of examples) {
    const options =
      value === example
        ? candidates[name]?.own
        : kindOf(value) === kindOf(example) && value.includes('_')
          ? candidates[name]?.other
          : undefined;
    if (options?.length) return options[Math.min(pick, options.length - 1)];
  }
  return value;
}

async function call(app: MockAppHandle, token: string, route: Route, ids: Record<string, string>, body?: unknown) {
  const response = await app.handle({
    method: route.method,
    path: `${app.apiBase}${fillPath(route.pathTemplate, ids)}`,
    query: '',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(body)),
  });
  const text = typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body ?? new Uint8Array());
  return { status: response.status, json: text ? JSON.parse(text) : null, text };
}

const byOperation = (routes: readonly Route[], operationId: string): Route => {
  const found = routes.find((r) => r.operationId === operationId);
  if (!found) throw new Error(`The spec has no operation ${operationId}; the Prism example builder needs it to find seeded files.`);
  return found;
};

/** Asks a fresh core, seeded as given, for every operation's success body. */
export async function collectSeededExamples(spec: ApiDocument, options: SeededExampleOptions): Promise<SeededExamples> {
  const app = createMockApp({
    spec,
    seed: options.seed,
    files: options.files,
    origin: options.origin,
    clock: manualClock(WORLD_NOW),
    onError: () => {},
  });
  const token = app.presetKeys.full;
  const workspace = app.info().workspaces.find((w) => w.buckets.length >= 2) ?? app.info().workspaces[0];
  const [bucketId, otherBucketId = bucketId] = workspace.buckets;
  const ids = { workspaceId: workspace.id, bucketId };
  const files = (await call(app, token, byOperation(app.routes, 'listFiles'), ids)).json?.data ?? [];
  const trash = (await call(app, token, byOperation(app.routes, 'getTrash'), ids)).json?.data ?? [];
  const fileIds = files.map((f: { id: string }) => f.id);
  const trashedIds = trash.map((t: { fileId: string }) => t.fileId);
  const candidates: Candidates = {
    workspaceId: { own: [workspace.id], other: [workspace.id] },
    bucketId: { own: [bucketId], other: [otherBucketId] },
    fileId: {
      own: [fileIds[0], ...trashedIds.slice(0, 1)].filter(Boolean),
      other: [fileIds[1] ?? fileIds[0], ...trashedIds.slice(0, 1)].filter(Boolean),
    },
  };
  const examples = pathParamExamples(spec);
  const pathIds = { ...ids, fileId: candidates.fileId.own[0] ?? 'file_none' };

  const result: SeededExamples = { bodies: new Map(), skipped: [] };
  // Reads first on the untouched world; each change then starts from a fresh one.
  const ordered = [...app.routes.filter((r) => !r.mutates), ...app.routes.filter((r) => r.mutates)];
  for (const route of ordered) {
    let last = { status: 0, text: '' };
    for (let pick = 0; pick < 2; pick++) {
      await app.reset();
      const body = route.requestBody ? substituteIds(route.requestBody.example, examples, candidates, pick) : undefined;
      const answer = await call(app, token, route, pathIds, body);
      last = answer;
      if (answer.status === route.successStatus) {
        result.bodies.set(route.operationId, answer.json);
        break;
      }
    }
    if (!result.bodies.has(route.operationId))
      result.skipped.push({ operationId: route.operationId, status: last.status, detail: last.text.slice(0, 200) });
  }
  await app.reset();
  return result;
}
