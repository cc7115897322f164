// Test support: a real HTTP mock on an ephemeral port and a small fetch client
// that sends keys as bearer headers and parses JSON answers.
import { startMockServer, type MockServer, type StartMockServerOptions } from '../../http/start-mock-server.ts';
import { fillPath, type Route } from '../../../openapi/contract/route-table.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

export interface CallOptions {
  method?: string;
  key?: string;
  body?: unknown;
  /** Sent as is (no JSON encoding). */
  rawBody?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface MockClient {
  server: MockServer;
  /** Ids of the seeded world: the first workspace, its first ("allowed") and second ("other") bucket. */
  ids: { workspace: string; allowed: string; other: string; otherWorkspace: string; otherWorkspaceBucket: string };
  call(path: string, options?: CallOptions): Promise<Answer>;
  /** A new key with these scopes (every bucket unless bucketIds is given). */
  key(scopes: readonly string[], bucketIds?: string[] | null): Promise<string>;
  /** Fills a route's path template with the seeded ids (or overrides). */
  pathOf(route: Route, values?: Record<string, string>): string;
  close(): Promise<void>;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body, text };
}

/** Starts a mock on 127.0.0.1:0 and returns a client for it. */
export async function startMockClient(options: StartMockServerOptions = {}): Promise<MockClient> {
  const server = await startMockServer({ port: 0, ...options });
  const info = server.app.info();
  // A world made of fixtures may lack some of these; they are '' then.
  const ids = {
    workspace: info.workspaces[0]?.id ?? '',
    allowed: info.workspaces[0]?.buckets[0] ?? '',
    other: info.workspaces[0]?.buckets[1] ?? '',
    otherWorkspace: info.workspaces[1]?.id ?? '',
    otherWorkspaceBucket: info.workspaces[1]?.buckets[0] ?? '',
  };
  const call = async (path: string, options: CallOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`;
    let body: string | Uint8Array | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = path.startsWith('http') ? path : path.startsWith('/__') ? `${server.origin}${path}` : `${server.baseUrl}${path}`;
    return answer(
      await fetch(url, { method: options.method ?? (body === undefined ? 'GET' : 'POST'), headers, body: body as BodyInit | undefined }),
    );
  };
  return {
    server,
    ids,
    call,
    async key(scopes, bucketIds = null) {
      const minted = await call('/__mock/keys', { body: { scopes, bucketIds } });
      if (minted.status !== 201) throw new Error(`minting a key failed: ${minted.status} ${minted.text}`);
      return minted.body.token as string;
    },
    pathOf: (route, values = {}) =>
      fillPath(route.pathTemplate, { workspaceId: ids.workspace, bucketId: ids.allowed, fileId: 'file_missing', ...values }),
    close: () => server.close(),
  };
}
