// The HTTP front end never buffers what it will refuse: a declared length over
// the limit and a body the core refuses from its head are answered before the
// body arrives, a streamed body stops at its limit, a body that never ends
// times out, and HEAD answers like GET without a body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveApp, startMockServer, type MockServer } from '../http/start-mock-server.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { RequestHead } from '../http/body-admission.ts';
import { rawRequest } from './support/raw-http.ts';

const MiB = 1024 * 1024;
const json = (status: number, body: unknown): MockResponse => ({
  status,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** A stand-in core that records what reached it; `/refused/...` is refused from its head, as an upload with a bad grant would be. */
function recordingApp() {
  const seen: MockRequest[] = [];
  const heads: RequestHead[] = [];
  const app = {
    seen,
    heads,
    bodyLimit: (path: string) => (path.startsWith('/big/') ? 4 * MiB : 1024),
    async handle(request: MockRequest): Promise<MockResponse> {
      seen.push(request);
      return json(200, { bytes: request.body?.length ?? 0, truncated: request.bodyTruncated === true });
    },
    admitBody(head: RequestHead) {
      heads.push(head);
      return head.path.startsWith('/refused/') ? { refusal: json(404, { code: 'not_found' }) } : { limit: app.bodyLimit(head.path) };
    },
  };
  return app;
}

describe('bodies the front end refuses without reading them', () => {
  const app = recordingApp();
  let served: Awaited<ReturnType<typeof serveApp>>;
  beforeAll(async () => {
    served = await serveApp(app, { host: '127.0.0.1', port: 0, cors: false, timeoutsMs: { headers: 1000, request: 1500 } });
  });
  afterAll(() => served.close());

  it('a declared Content-Length over the limit is 413 at once, with the body still to come, and the core never sees it', async () => {
    const before = app.seen.length;
    const answer = await rawRequest(served.origin, {
      method: 'PUT',
      path: '/big/x',
      headers: { 'content-length': String(64 * MiB), 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(1024),
      holdOpen: true,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'payload_too_large', detail: expect.stringContaining(String(4 * MiB)) });
    expect(answer.headers.connection).toBe('close');
    expect(answer.ms).toBeLessThan(1000);
    expect(app.seen.length).toBe(before);
  });

  it('a body the core refuses from its head (a bad upload grant) is answered at once, before a byte is buffered', async () => {
    const answer = await rawRequest(served.origin, {
      method: 'PUT',
      path: '/refused/upl_1?token=bogus',
      headers: { 'content-length': String(4 * MiB) },
      body: Buffer.alloc(16),
      holdOpen: true,
    });
    expect(answer.status).toBe(404);
    expect(answer.ms).toBeLessThan(1000);
    expect(app.heads.at(-1)).toMatchObject({ method: 'PUT', path: '/refused/upl_1', query: 'token=bogus' });
    expect(app.seen.some((r) => r.path.startsWith('/refused/'))).toBe(false);
  });

  it('eight parallel refused 4 MiB uploads all answer at once, none waiting for its body', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        rawRequest(served.origin, {
          method: 'PUT',
          path: '/refused/u?token=x',
          headers: { 'content-length': String(4 * MiB) },
          body: Buffer.alloc(64 * 1024),
          holdOpen: true,
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(404));
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000);
  });

  it('a chunked body over the limit reaches the core flagged truncated, with nothing buffered', async () => {
    const answer = await rawRequest(served.origin, {
      method: 'POST',
      path: '/small',
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'application/json' },
      body: 'x'.repeat(5000),
      holdOpen: true,
    });
    expect(JSON.parse(answer.body)).toEqual({ bytes: 0, truncated: true });
    expect(answer.headers.connection).toBe('close');
  });

  it('a body within the limit arrives whole', async () => {
    const answer = await rawRequest(served.origin, {
      method: 'POST',
      path: '/small',
      headers: { 'content-type': 'application/json' },
      body: 'y'.repeat(1024),
    });
    expect(JSON.parse(answer.body)).toEqual({ bytes: 1024, truncated: false });
  });

  it('a body that never ends is cut off by the request timeout instead of holding its socket', async () => {
    const answer = await rawRequest(served.origin, {
      method: 'POST',
      path: '/small',
      headers: { 'content-length': '1000' },
      body: 'z',
      holdOpen: true,
    });
    expect(answer.status).toBe(408);
    expect(answer.ms).toBeLessThan(4000);
  });
});

describe('the mock refuses an upload URL from its head', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await startMockServer({ port: 0 });
  });
  afterAll(() => mock.close());

  it('a PUT to an unknown upload with a bogus token and a 64 MiB Content-Length is 404 at once, before the body arrives', async () => {
    const answer = await rawRequest(mock.origin, {
      method: 'PUT',
      path: '/__uploads/upl_000000000000?token=bogus',
      headers: { 'content-length': String(64 * MiB), 'content-type': 'text/plain' },
      body: 'x',
      holdOpen: true,
    });
    expect(answer.status).toBe(404);
    expect(answer.ms).toBeLessThan(1000);
  });
});
