// A web page the developer visits must not drive the mock: no cross-site
// control request (text/plain, form or no content type, a foreign Origin), no
// DNS-rebound Host, and no CORS headers on the control API even with --cors.
// Tools without an Origin (curl, Node, test runners) keep working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockServer, type MockServer } from '../http/start-mock-server.ts';
import { rawRequest } from './support/raw-http.ts';

let mock: MockServer;
let port: string;

beforeAll(async () => {
  mock = await startMockServer({ port: 0, cors: true, allowedHosts: ['mock.test'] });
  port = new URL(mock.origin).port;
});
afterAll(() => mock.close());

const json = { 'content-type': 'application/json' };
const activeFaults = async () => (await (await fetch(`${mock.origin}/__mock/faults`)).json()).faults;

describe('the control API refuses what a cross-site page can send', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
    ['no content type', {}],
  ])('POST /__mock/faults as %s is 415 naming the fix, and switches nothing', async (_, headers) => {
    const answer = await rawRequest(mock.origin, {
      method: 'POST',
      path: '/__mock/faults',
      headers,
      body: JSON.stringify({ faults: ['missing-key-accepted'] }),
    });
    expect(answer.status).toBe(415);
    expect(answer.headers['content-type']).toBe('application/problem+json');
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 415,
      code: 'unsupported_media_type',
      detail: expect.stringContaining('Content-Type: application/json'),
    });
    expect(await activeFaults()).toEqual([]);
  });

  it('POST /__mock/reset without a JSON content type is 415 and keeps minted keys', async () => {
    const token = (
      await (await fetch(`${mock.origin}/__mock/keys`, { method: 'POST', headers: json, body: '{"scopes":["workspaces:read"]}' })).json()
    ).token;
    expect((await rawRequest(mock.origin, { method: 'POST', path: '/__mock/reset' })).status).toBe(415);
    expect((await fetch(`${mock.baseUrl}/workspaces`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await rawRequest(mock.origin, { method: 'POST', path: '/__mock/reset', headers: json })).status).toBe(200);
    expect((await fetch(`${mock.baseUrl}/workspaces`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it.each(['http://evil.example', 'null', `http://127.0.0.1:${Number(port) + 1}`])(
    'a JSON POST from Origin %s is 403 and mints nothing',
    async (origin) => {
      const answer = await rawRequest(mock.origin, {
        method: 'POST',
        path: '/__mock/keys',
        headers: { ...json, origin },
        body: '{"scopes":["files:read"]}',
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'origin_not_allowed', detail: expect.stringContaining(origin) });
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('the mock’s own origins, and tools that send no Origin, may use the control API', async () => {
    for (const origin of [mock.origin, `http://localhost:${port}`, undefined]) {
      const headers = origin ? { ...json, origin } : json;
      const answer = await rawRequest(mock.origin, { method: 'POST', path: '/__mock/keys', headers, body: '{"scopes":["files:read"]}' });
      expect(answer.status, origin).toBe(201);
    }
  });

  it('never sends CORS headers on control routes with --cors, and refuses their preflight', async () => {
    const info = await rawRequest(mock.origin, { path: '/__mock/info', headers: { origin: mock.origin } });
    expect(info.status).toBe(200);
    expect(info.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await rawRequest(mock.origin, {
      method: 'OPTIONS',
      path: '/__mock/keys',
      headers: { origin: 'http://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps CORS on API routes and presigned URLs with --cors (they need a key or a secret token)', async () => {
    const api = await rawRequest(mock.origin, { path: '/api/v1/workspaces', headers: { origin: 'http://localhost:5173' } });
    expect(api.status).toBe(401);
    expect(api.headers['access-control-allow-origin']).toBe('*');
    const preflight = await rawRequest(mock.origin, {
      method: 'OPTIONS',
      path: '/__uploads/upl_x',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
  });
});

describe('the Host header must name the mock (no DNS rebinding)', () => {
  it.each(['/api/v1/workspaces', '/__mock/info', '/__mock/keys', '/__uploads/upl_x?token=t'])(
    'a request for %s under Host evil.example is 403',
    async (path) => {
      const answer = await rawRequest(mock.origin, {
        method: path.includes('keys') ? 'POST' : 'GET',
        path,
        headers: { ...json, host: `evil.example:${port}` },
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'host_not_allowed', detail: expect.stringContaining('evil.example') });
    },
  );

  it('loopback names with the mock’s port and names allowed by option are served; another port is not', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `mock.test:${port}`])
      expect((await rawRequest(mock.origin, { path: '/__mock/info', headers: { host } })).status, host).toBe(200);
    for (const host of [`localhost:${Number(port) + 1}`, 'localhost', `127.0.0.2:${port}`, `localhost.evil.example:${port}`])
      expect((await rawRequest(mock.origin, { path: '/__mock/info', headers: { host } })).status, host).toBe(403);
  });

  it('a mock bound to every interface takes any address literal, but still no foreign name', async () => {
    const open = await startMockServer({ host: '0.0.0.0', port: 0 });
    try {
      const openPort = new URL(open.origin).port;
      expect((await rawRequest(open.origin, { path: '/__mock/info', headers: { host: `192.168.1.20:${openPort}` } })).status).toBe(200);
      expect((await rawRequest(open.origin, { path: '/__mock/info', headers: { host: `rebound.example:${openPort}` } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });
});
