// The API operations the bench calls, chosen by operation id and typed from the spec; paths, methods and scopes come from the route table.
import type { Agent } from 'node:http';
import type { operations } from '../../openapi/dist/api-types.ts';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import { call, callJson, type Answer } from './measure.ts';
import type { Server } from './servers.ts';

/** Every operation the bench calls and what for: a renamed or removed operation in the spec is a type error here. */
const USED = {
  listWorkspaces: 'throughput, cold start, stall probe',
  listFiles: 'throughput, listing, soak',
  trashFiles: 'stall (a 1 MiB body), soak',
  updateTrash: 'soak (purge what it uploaded)',
  presignDownload: 'soak',
  presignUpload: 'soak',
  updateFile: 'soak',
} satisfies Partial<{ [K in keyof operations]: string }>;

export type Op = keyof typeof USED;
/** The path parameters of an operation (an empty object for a path without any). */
type Path<K extends Op> = undefined extends operations[K]['parameters']['path']
  ? Record<string, never>
  : NonNullable<operations[K]['parameters']['path']>;
/** The listing's query parameters, as the spec names them. */
export type ListQuery = NonNullable<operations['listFiles']['parameters']['query']>;
/** The JSON request body of an operation, as the spec types it. */
export type JsonBody<K extends Op> = NonNullable<operations[K]['requestBody']>['content']['application/json'];
type Responses<K extends Op> = operations[K]['responses'];
/** The JSON answer of an operation's success status (200 or 201). */
export type Success<K extends Op> = (
  200 extends keyof Responses<K> ? Responses<K>[200] : 201 extends keyof Responses<K> ? Responses<K>[201] : never
) extends {
  content: { 'application/json': infer T };
}
  ? T
  : never;

/** The route of an operation, from the route table of the bundled spec. */
export function route(op: Op): Route {
  const found = loadRouteTable().find((r) => r.operationId === op);
  if (!found) throw new Error(`the bundled spec has no operation ${op}; run "npm run build:spec"`);
  return found;
}

/** The path of an operation below the API base, with a query for the listing. */
export function pathOf<K extends Op>(op: K, ids: Path<K>, query: ListQuery = {}): string {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return fillPath(route(op).pathTemplate, ids as Record<string, string>) + (search ? `?${search}` : '');
}

/** What a call sends besides the path ids and the key: a typed body, a listing query, a keep-alive agent. */
export interface CallOptions<K extends Op> {
  body?: JsonBody<K>;
  query?: ListQuery;
  agent?: Agent;
  timeoutMs?: number;
}

/** Calls an operation on a server with a key (never logged); resolves with the raw answer. */
export function callOp<K extends Op>(server: Server, op: K, ids: Path<K>, token: string, options: CallOptions<K> = {}): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  return call(server.apiBase + pathOf(op, ids, options.query), {
    method: route(op).method,
    headers,
    body,
    agent: options.agent,
    timeoutMs: options.timeoutMs,
  });
}

/** Calls an operation that must answer its documented success status; returns the typed body. */
export async function callOk<K extends Op>(
  server: Server,
  op: K,
  ids: Path<K>,
  token: string,
  options: CallOptions<K> = {},
): Promise<Success<K>> {
  const answer = await callOp(server, op, ids, token, options);
  if (answer.status !== route(op).successStatus) throw new Error(`${op} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as Success<K>;
}

/** The spec's example body of an operation's answer with that status (for the bare server). */
export function exampleOf(op: Op, status: number): { contentType: string; body: string } {
  const r = route(op);
  const doc = loadBundledSpec();
  const operation = (doc.paths?.[r.pathTemplate] as Record<string, { responses: Record<string, unknown> }>)[r.method.toLowerCase()];
  const response = resolveRef<{ content?: Record<string, { example?: unknown }> }>(doc, operation.responses[String(status)]);
  const [contentType, media] = Object.entries(response.content ?? {})[0] ?? [];
  if (!contentType || media?.example === undefined) throw new Error(`${op} has no example for ${status}`);
  return { contentType, body: JSON.stringify(media.example) };
}

/** The mock's control API (outside the API base, documented in mocks/README.md). */
const CONTROL = { keys: '/__mock/keys', info: '/__mock/info', reset: '/__mock/reset' } as const;

/** Mints a key with these scopes, limited to `bucketIds` (null: every bucket); the token is never logged. */
export async function mintKey(mock: Server, scopes: string[], bucketIds: string[] | null): Promise<string> {
  const body = JSON.stringify({ scopes: [...new Set(scopes)], bucketIds });
  return (
    await callJson<{ token: string }>(mock.origin + CONTROL.keys, 201, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
  ).token;
}

/** `POST /__mock/reset`: restores the seeded world; resolves with send-to-answer milliseconds. */
export async function resetMock(mock: Server): Promise<number> {
  const answer = await call(mock.origin + CONTROL.reset, { method: 'POST', timeoutMs: 60_000 });
  if (answer.status !== 200) throw new Error(`POST ${CONTROL.reset} answered ${answer.status}`);
  return answer.ms;
}

/** What the bench needs from a seeded world: the first bucket, filter values that match many files, some file ids. */
export interface World {
  ids: { workspaceId: string; bucketId: string };
  prefix: string;
  tag: string;
  fileIds: string[];
}

/** The commonest value (ties: alphabetically first, so the choice is stable). */
export function commonest(values: string[], what: string): string {
  if (values.length === 0) throw new Error(`the seeded world has no ${what} to filter on`);
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

const LIMIT: keyof ListQuery = 'limit';

/** Reads the first workspace's first bucket and its first 1000 files, for filter values and file ids. */
export async function probeWorld(mock: Server): Promise<World> {
  const info = await callJson<{ workspaces: { id: string; buckets: string[] }[] }>(mock.origin + CONTROL.info, 200);
  const ids = { workspaceId: info.workspaces[0].id, bucketId: info.workspaces[0].buckets[0] };
  const token = await mintKey(mock, [route('listFiles').scope], [ids.bucketId]);
  const limit = Number(route('listFiles').queryParams.find((p) => p.name === LIMIT)?.schema.maximum ?? 100);
  const { data } = await callOk(mock, 'listFiles', ids, token, { query: { [LIMIT]: limit } });
  const folders = data.filter((f) => f.path.includes('/')).map((f) => f.path.slice(0, f.path.indexOf('/') + 1));
  return {
    ids,
    prefix: commonest(folders, 'folders'),
    tag: commonest(
      data.flatMap((f) => f.tags),
      'tags',
    ),
    fileIds: data.map((f) => f.id),
  };
}
