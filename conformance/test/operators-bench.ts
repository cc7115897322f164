// Test support for the operator catalogue: the real mock (with planted faults
// or none), keys minted for each sender, what the run has seen of both buckets
// (files, trashed files, cursors, presigned URLs, credentials set on answers),
// and a sender of variants: the suite's client, or raw node:http for a path
// with dot segments that a URL parser would resolve.
import { listScopes } from '../../openapi/contract/route-table.ts';
import { startMockServer, type MockServer } from '../../mocks/http/start-mock-server.ts';
import { rawRequest } from '../../mocks/test/support/raw-http.ts';
import { ApiClient, type ApiRequest } from '../http/api-client.ts';
import { createRedactor, type Secret } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { Transport } from '../http/transport/transport-types.ts';
import { loadContract } from '../operators/contract-fields.ts';
import { credentialsSetBy } from '../http/set-credentials.ts';
import type { BucketSeen, OperatorContract, RunSeen, Variant } from '../operators/operator-types.ts';

export interface Answer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface OperatorBench {
  mock: MockServer;
  contract: OperatorContract;
  seen: RunSeen;
  /** Key names: `scoped` (every scope, the allowed bucket only: barred and holder), `lacking:<op>` (all scopes but those of the op's path). */
  token(name: string): string;
  send(request: ApiRequest, rawPath?: boolean): Promise<Answer>;
  /** Sends the variant, right after the requests it follows (`before`). */
  sendVariant(variant: Variant): Promise<Answer>;
  close(): Promise<void>;
}

const asText = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join('\n') : (value ?? ''));

/** Starts the mock with the faults, mints the keys, and reads what variants reuse from both buckets. */
export async function startOperatorBench(faults: string[] = []): Promise<OperatorBench> {
  const contract = loadContract();
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, faults, latencyMs: 0 });
  const info = (await (await fetch(`${mock.origin}/__mock/info`)).json()) as { workspaces: { id: string; buckets: string[] }[] };
  const ws = info.workspaces.find((w) => w.buckets.length >= 2)!;
  const [allowedId, otherId] = ws.buckets;
  const scopes = listScopes(contract.doc).map((s) => s.scope);
  const mint = async (granted: string[], bucketIds: string[] | null) => {
    const res = await fetch(`${mock.origin}/__mock/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: granted, bucketIds }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const secrets = new Map<string, Secret>();
  const add = (name: string, token: string) => secrets.set(name, { env: `BK_TEST_${secrets.size}`, token, name });
  add('full', await mint(scopes, null));
  add('scoped', await mint(scopes, [allowedId]));
  for (const route of contract.routes) {
    const samePath = new Set(contract.routes.filter((r) => r.pathTemplate === route.pathTemplate).map((r) => r.scope));
    add(
      `lacking:${route.operationId}`,
      await mint(
        scopes.filter((s) => !samePath.has(s)),
        [allowedId],
      ),
    );
  }
  const transport: Transport = createTransport({ baseUrl: mock.baseUrl, timeoutMs: 15_000, concurrency: 8 });
  const client = new ApiClient({
    transport,
    baseUrl: mock.baseUrl,
    runId: 'operators',
    keys: secrets,
    redact: createRedactor([...secrets.values()]),
  });
  const token = (name: string) => secrets.get(name)!.token;

  const send = async (request: ApiRequest, rawPath = false): Promise<Answer> => {
    if (!rawPath) {
      const x = await client.send(request);
      return { status: x.status, headers: x.headers, text: x.text };
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name] = asText(value);
    for (const [name, target] of Object.entries(request.targetHeaders ?? {})) headers[name] = `${new URL(mock.baseUrl).pathname}${target}`;
    const auth = request.auth;
    if (auth && 'key' in auth) headers.Authorization = `Bearer ${token(auth.key)}`;
    if (auth && 'header' in auth) headers.Authorization = asText(auth.header);
    const body = request.rawBody ?? (request.json === undefined ? undefined : JSON.stringify(request.json));
    if (body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
    const query = new URLSearchParams(request.query ?? {}).toString();
    const path = `${new URL(mock.baseUrl).pathname}${request.path}${query ? (request.path.includes('?') ? '&' : '?') + query : ''}`;
    const raw = await rawRequest(mock.origin, { method: request.method, path, headers, body });
    return { status: raw.status, headers: Object.fromEntries(Object.entries(raw.headers).map(([k, v]) => [k, asText(v)])), text: raw.body };
  };

  const bucketPath = (bucket: string) => `/workspaces/${ws.id}/buckets/${bucket}`;
  const readBucket = async (bucketId: string, key: string): Promise<BucketSeen> => {
    const listed = JSON.parse(
      (await send({ method: 'GET', path: `${bucketPath(bucketId)}/files`, query: { limit: '6' }, auth: { key } })).text,
    );
    const files = listed.data as { id: string; path: string }[];
    const trashed = files[5];
    await send({ method: 'POST', path: `${bucketPath(bucketId)}/files/trash`, json: { fileIds: [trashed.id] }, auth: { key: 'full' } });
    const cursors: Record<string, string> = {};
    // A next-page cursor of every listing of the bucket that pages (derived from the route table).
    for (const route of contract.routes.filter(
      (r) => r.method === 'GET' && r.bucketScoped && r.queryParams.some((p) => p.name === 'cursor'),
    )) {
      const page = await send({
        method: 'GET',
        path: route.pathTemplate.replace('{workspaceId}', ws.id).replace('{bucketId}', bucketId),
        query: { limit: '1' },
        auth: { key },
      });
      const next = (JSON.parse(page.text) as { nextCursor?: unknown }).nextCursor;
      if (typeof next === 'string') cursors[route.operationId] = next;
    }
    const presign = await send({
      method: 'POST',
      path: `${bucketPath(bucketId)}/files/presign-download`,
      json: { fileId: files[0].id },
      auth: { key },
    });
    return {
      bucketId,
      fileIds: files.slice(0, 5).map((f) => f.id),
      trashedFileIds: [trashed.id],
      paths: files.map((f) => f.path),
      cursors,
      presigned: [{ operationId: 'presignDownload', url: (JSON.parse(presign.text) as { url: string }).url }],
    };
  };
  const allowed = await readBucket(allowedId, 'scoped');
  const other = await readBucket(otherId, 'full');
  // Credentials the deployment sets on an authenticated answer; a server that sets none gets made-up ones to replay.
  const answered = await send({ method: 'GET', path: '/workspaces', auth: { key: 'scoped' } });
  const set = credentialsSetBy(
    answered.headers,
    [...secrets.values()].map((k) => k.token),
  );
  const credentials =
    set.length > 0
      ? set
      : [
          { via: 'cookie' as const, name: 'session', value: 'bucketkit-made-up' },
          { via: 'header' as const, name: 'X-Session-Token', value: 'bucketkit-made-up-token' },
        ];
  const otherWorkspaceId = info.workspaces.find((w) => w.id !== ws.id)?.id;
  const seen: RunSeen = { workspaceId: ws.id, otherWorkspaceId, allowed, other, credentials };

  return {
    mock,
    contract,
    seen,
    token,
    send,
    // Node's client upper-cases a method and sends only the origin form: the suite's client sends those as written.
    async sendVariant(variant) {
      for (const earlier of variant.before ?? []) await send(earlier);
      return send(variant.request, variant.rawPath === true && !variant.request.targetForm);
    },
    async close() {
      await transport.close();
      await mock.close();
    },
  };
}
