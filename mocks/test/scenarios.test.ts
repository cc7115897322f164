// Scenarios: answers a frontend developer asks for, by operationId: any
// status (5xx included) with a body of its own or the spec's example, a
// delay, a dropped connection, a hang until cleared, once or N times; from
// code and over the control API, on the HTTP mock and in MSW for Node.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setupMockServer } from '../msw/node.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { get as httpGet } from 'node:http';
import { ACME, ARCHIVE, REPORTS, sampleFixtures } from './support/sample-fixtures.ts';

const filesOf = (bucket: string) => `/workspaces/${ACME}/buckets/${bucket}/files`;
const json = { 'content-type': 'application/json' };

describe('scenarios on the HTTP mock', () => {
  let mock: MockClient;
  let full: string;
  beforeAll(async () => {
    mock = await startMockClient({ fixtures: sampleFixtures });
    full = mock.server.app.presetKeys.full;
  });
  afterEach(() => mock.server.reset());
  afterAll(() => mock.close());

  const list = (key = full, bucket = REPORTS) => mock.call(filesOf(bucket), { key });
  const addOverHttp = (body: Record<string, unknown>) => mock.call('/__mock/scenarios', { body });

  it('answers 500 once, then the mock answers as before', async () => {
    const added = await addOverHttp({ operationId: 'listFiles', status: 500, times: 1 });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ id: expect.any(String), operationId: 'listFiles', status: 500, times: 1, served: 0 });

    const failed = await list();
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toBe('application/problem+json');
    expect(failed.body).toMatchObject({ status: 500, code: 'internal_server_error', detail: expect.stringContaining('scenario') });
    expect((await list()).status).toBe(200);
    expect((await mock.call('/__mock/scenarios')).body.scenarios).toEqual([]);
  });

  it('N times, then gone; until cleared when times is left out', async () => {
    mock.server.scenario('listFiles', { status: 503, times: 2 });
    expect([(await list()).status, (await list()).status, (await list()).status]).toEqual([503, 503, 200]);
    const handle = mock.server.scenario('listFiles', { status: 502 });
    for (let i = 0; i < 4; i++) expect((await list()).status).toBe(502);
    expect(handle.served()).toBe(4);
    const cleared = await mock.call('/__mock/scenarios', { method: 'DELETE' });
    expect(cleared.body).toEqual({ cleared: 1 });
    expect((await list()).status).toBe(200);
  });

  it('a body and headers of its own; a documented status without a body answers the spec’s example', async () => {
    mock.server.scenario('listFiles', { status: 200, body: { data: [], nextCursor: null }, headers: { 'X-Total': '0' }, times: 1 });
    const empty = await list();
    expect([empty.status, empty.body, empty.headers.get('x-total')]).toEqual([200, { data: [], nextCursor: null }, '0']);
    mock.server.scenario('listFiles', { status: 429, times: 1 });
    const limited = await list();
    expect([limited.status, limited.headers.get('retry-after'), limited.body.code]).toEqual([429, '30', 'rate_limited']);
    // A proxy's error page: a status the operation does not document takes any body, sent as is under its own type.
    mock.server.scenario('listFiles', { status: 502, body: '<h1>Bad gateway</h1>', headers: { 'Content-Type': 'text/html' }, times: 1 });
    const page = await list();
    expect([page.status, page.headers.get('content-type'), page.text]).toEqual([502, 'text/html', '<h1>Bad gateway</h1>']);
  });

  it('answers before the key, scope and bucket checks: no key at all still gets the scenario', async () => {
    mock.server.scenario('listFiles', { status: 500, times: 1 });
    expect((await mock.call(filesOf(REPORTS))).status).toBe(500);
    expect((await mock.call(filesOf(REPORTS))).status).toBe(401);
  });

  it('headers alone (or a delay alone) keep the mock’s own answer, checks included', async () => {
    mock.server.scenario('listFiles', { headers: { 'X-Request-Cost': '3' }, delayMs: 150, times: 2 });
    const started = performance.now();
    const own = await list();
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect([own.status, own.headers.get('x-request-cost'), own.body.data.length]).toEqual([200, '3', 2]);
    const refused = await mock.call(filesOf(REPORTS));
    expect([refused.status, refused.headers.get('x-request-cost')]).toEqual([401, '3']);
  });

  it('matched by key name or bucket only', async () => {
    mock.server.scenario('listFiles', { status: 503, key: 'alice' });
    mock.server.scenario('listFiles', { status: 504, bucketId: ARCHIVE });
    expect((await list(mock.server.app.fixtureKeys.alice)).status).toBe(503);
    expect((await list(full)).status).toBe(200);
    expect((await list(full, ARCHIVE)).status).toBe(504);
  });

  it('a dropped connection: the socket closes with no answer', async () => {
    mock.server.scenario('listFiles', { networkError: true, times: 1 });
    await expect(fetch(`${mock.server.baseUrl}${filesOf(REPORTS)}`, { headers: { authorization: `Bearer ${full}` } })).rejects.toThrow(
      TypeError,
    );
    expect((await list()).status).toBe(200);
    expect(mock.server.requests().at(-2)).toMatchObject({ operationId: 'listFiles', status: null, scenario: expect.any(String) });
  });

  it('a hang holds the request until the scenario is cleared; it then gets the mock’s own answer', async () => {
    const handle = mock.server.scenario('listFiles', { hang: true });
    let settled = false;
    const pending = list().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(settled).toBe(false);
    expect(mock.server.scenarios()).toEqual([expect.objectContaining({ id: handle.id, hang: true, waiting: 1 })]);
    handle.clear();
    expect((await pending).status).toBe(200);
  });

  it('a hang ends when the client gives up, and the log says it got no answer', async () => {
    mock.server.scenario('listFiles', { hang: true, times: 1 });
    const controller = new AbortController();
    const pending = fetch(`${mock.server.baseUrl}${filesOf(REPORTS)}`, {
      headers: { authorization: `Bearer ${full}` },
      signal: controller.signal,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => mock.server.scenarios()).toEqual([]);
    await expect.poll(() => mock.server.requests().at(-1)?.status).toBeNull();
  });

  it('a reset clears the scenarios and lets held requests go', async () => {
    mock.server.scenario('listFiles', { hang: true });
    const pending = list();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await mock.call('/__mock/reset', { method: 'POST', headers: json })).status).toBe(200);
    expect((await pending).status).toBe(200);
    expect(mock.server.scenarios()).toEqual([]);
  });

  it('bad control-API bodies are 400 naming the field, and add nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ operationId: 'listFiles', status: 700 }, '/status'],
      [{ operationId: 'listFlies', status: 500 }, '/operationId'],
      [{ operationId: 'listFiles', hang: true, status: 500 }, '/status'],
      [{ operationId: 'listFiles', networkError: true, body: {} }, '/body'],
      [{ operationId: 'listFiles', times: 0 }, '/times'],
      [{ operationId: 'listFiles', delayMs: -5 }, '/delayMs'],
      [{ operationId: 'listFiles', headers: { 'Content-Length': '3' } }, '/headers/Content-Length'],
      [{ operationId: 'listFiles', stauts: 500 }, '/stauts'],
    ];
    for (const [body, field] of cases) {
      const refused = await addOverHttp(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.errors, JSON.stringify(body)).toContainEqual(expect.objectContaining({ field }));
    }
    expect((await addOverHttp({ operationId: 'listFlies' })).body.detail).toContain('did you mean listFiles?');
    expect((await mock.call('/__mock/scenarios', { method: 'POST', rawBody: '[1]', headers: json })).status).toBe(400);
    expect(mock.server.scenarios()).toEqual([]);
  });

  it('from code, a bad scenario throws naming the field', () => {
    // @ts-expect-error -- a hang takes no status (and 700 is no HTTP status, which only the run-time check can tell).
    expect(() => mock.server.scenario('listFiles', { status: 700, hang: true })).toThrow(/status must be an integer from 100 to 599/);
    // @ts-expect-error -- not an operation of the spec.
    expect(() => mock.server.scenario('listFlies', { status: 500 })).toThrow(/did you mean listFiles/);
  });

  it('bodies are typed by the operation and status', () => {
    // @ts-expect-error -- a FileList has `data`, not `items`.
    const wrong = () => mock.server.scenario('listFiles', { status: 200, body: { items: [] } });
    expect(wrong).not.toThrow();
    mock.server.clearScenarios();
    // Any body for a status the operation does not document.
    mock.server.scenario('listFiles', { status: 503, body: { anything: true } }).clear();
  });

  it('Prefer: code=1xx over HTTP sends the interim status and closes: a network error to fetch', async () => {
    const interim = await new Promise<{ status?: number; error?: string }>((resolve) => {
      const seen: { status?: number } = {};
      const req = httpGet(`${mock.server.baseUrl}${filesOf(REPORTS)}`, {
        headers: { authorization: `Bearer ${full}`, prefer: 'code=103' },
      });
      req.on('information', (info) => (seen.status = info.statusCode));
      req.on('response', () => resolve({ ...seen, error: 'a final answer' }));
      req.on('error', (error) => resolve({ ...seen, error: error.message }));
    });
    expect(interim).toEqual({ status: 103, error: 'socket hang up' });
    await expect(
      fetch(`${mock.server.baseUrl}${filesOf(REPORTS)}`, { headers: { authorization: `Bearer ${full}`, prefer: 'code=103' } }),
    ).rejects.toThrow(TypeError);
  });
});

describe('scenarios in MSW for Node', () => {
  const ORIGIN = 'http://scenarios.bucketkit.test';
  const mock = setupMockServer({ fixtures: sampleFixtures, origins: [ORIGIN] });
  const full = mock.app.presetKeys.full;
  const list = (init: RequestInit = {}) =>
    fetch(`${ORIGIN}/api/v1${filesOf(REPORTS)}`, { headers: { authorization: `Bearer ${full}` }, ...init });
  beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => mock.reset());
  afterAll(() => mock.server.close());

  it('a 5xx once, then the mock’s answer', async () => {
    mock.scenario('listFiles', { status: 500, times: 1 });
    expect((await list()).status).toBe(500);
    expect((await list()).status).toBe(200);
  });

  it('a dropped connection is a network error (Response.error())', async () => {
    mock.scenario('listFiles', { networkError: true, times: 1 });
    await expect(list()).rejects.toThrow(TypeError);
    expect((await list()).status).toBe(200);
  });

  it('a delay, and a hang released by clearScenarios()', async () => {
    mock.scenario('listFiles', { delayMs: 200, times: 1 });
    const started = performance.now();
    expect((await list()).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    mock.scenario('listFiles', { hang: true });
    let settled = false;
    const pending = list().finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(settled).toBe(false);
    mock.clearScenarios();
    expect((await pending).status).toBe(200);
  });

  it('the control API works inside MSW too', async () => {
    const added = await fetch(`${ORIGIN}/__mock/scenarios`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ operationId: 'listFiles', status: 418, times: 1 }),
    });
    expect(added.status).toBe(201);
    expect((await list()).status).toBe(418);
    expect(((await (await fetch(`${ORIGIN}/__mock/scenarios`)).json()) as { scenarios: unknown[] }).scenarios).toEqual([]);
  });

  it('Prefer: code=1xx is a network error in MSW (the Fetch API carries no 1xx answer)', async () => {
    await expect(list({ headers: { authorization: `Bearer ${full}`, prefer: 'code=100' } })).rejects.toThrow(TypeError);
  });
});
