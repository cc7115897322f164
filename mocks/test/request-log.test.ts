// The request log: every request the mock answers (API and presigned URLs,
// refusals before the body included), with the key's name and never a token:
// not the one sent, not one in the path or the query string.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestLog, type LoggedRequest } from '../observe/request-log.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { rawRequest } from './support/raw-http.ts';
import { ACME, REPORTS, sampleFixtures } from './support/sample-fixtures.ts';

const filesOf = (bucket: string) => `/workspaces/${ACME}/buckets/${bucket}/files`;

describe('the request log', () => {
  let mock: MockClient;
  beforeAll(async () => {
    mock = await startMockClient({ fixtures: sampleFixtures });
  });
  afterAll(() => mock.close());

  it('names each key (banner, minted, named, fixture) and never holds a token, whichever way it was sent', async () => {
    const { app } = mock.server;
    mock.server.clearRequests();
    const minted = await mock.key(['files:read']);
    const named = await mock.call('/__mock/keys', {
      body: { scopes: ['files:read'], bucketIds: null, name: 'carol', token: 'carol-own-token-0123456789' },
    });
    expect(named.status).toBe(201);
    const unknown = 'bk_unknown_secret_0123456789';
    const tokens = [
      app.presetKeys.full,
      app.presetKeys.readonly,
      minted,
      'carol-own-token-0123456789',
      app.fixtureKeys.bob,
      app.fixtureKeys.alice,
      unknown,
    ];

    await mock.call(filesOf(REPORTS), { key: app.presetKeys.full });
    await mock.call(filesOf(REPORTS), { key: minted });
    await mock.call(filesOf(REPORTS), { key: 'carol-own-token-0123456789' });
    await mock.call(filesOf(REPORTS), { key: app.fixtureKeys.bob });
    await mock.call(filesOf(REPORTS), { key: unknown });
    await mock.call(`/workspaces?access_token=${app.presetKeys.readonly}`);
    await mock.call(`/workspaces/${app.presetKeys.full}/buckets`, { key: app.fixtureKeys.alice });
    await mock.call(`/workspaces/${encodeURIComponent(app.presetKeys.readonly).replace('b', '%62')}/buckets`, { key: app.presetKeys.full });
    await mock.call('/workspaces', { headers: { authorization: `Bearer ${unknown}` } });

    const viaHttp = await mock.call('/__mock/requests');
    const log = viaHttp.body.requests as LoggedRequest[];
    expect(log.map((e) => [e.operationId, e.key, e.status])).toEqual([
      ['listFiles', 'full', 200],
      ['listFiles', expect.stringMatching(/^minted-\d+$/), 200],
      ['listFiles', 'carol', 200],
      ['listFiles', 'bob', 200],
      ['listFiles', null, 401],
      ['listWorkspaces', null, 401],
      ['listBuckets', 'alice', 404],
      ['listBuckets', 'full', 404],
      ['listWorkspaces', null, 401],
    ]);
    expect(log[0]).toMatchObject({
      method: 'GET',
      path: `/api/v1${filesOf(REPORTS)}`,
      pathTemplate: '/workspaces/{workspaceId}/buckets/{bucketId}/files',
      code: null,
      scenario: null,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(log[4]).toMatchObject({ code: 'unauthenticated' });
    expect(log[6].path).toBe('/api/v1/workspaces/[key]/buckets');
    expect(log[7].path).toBe('/api/v1/workspaces/[key]/buckets');
    for (const text of [viaHttp.text, JSON.stringify(mock.server.requests())])
      for (const token of tokens) expect(text, `the log holds ${token.slice(0, 8)}...`).not.toContain(token);
  });

  it('logs presigned URLs and bodies refused before they are read; not the control API', async () => {
    const { app } = mock.server;
    mock.server.clearRequests();
    await mock.call('/__uploads/upl_nothing?token=secret-upload-token', { method: 'PUT', rawBody: 'x' });
    const refused = await rawRequest(mock.server.origin, {
      method: 'PATCH',
      path: `/api/v1${filesOf(REPORTS)}/file_x`,
      headers: {
        authorization: `Bearer ${app.presetKeys.full}`,
        'content-type': 'application/json',
        'content-length': String(2 * 1024 * 1024),
      },
      body: '{',
      holdOpen: true,
    });
    expect(refused.status).toBe(413);
    await mock.call('/__mock/info');
    expect(mock.server.requests().map((e) => [e.method, e.path, e.operationId, e.key, e.status, e.code])).toEqual([
      ['PUT', '/__uploads/upl_nothing', null, null, 404, 'not_found'],
      ['PATCH', `/api/v1${filesOf(REPORTS)}/file_x`, 'updateFile', 'full', 413, 'payload_too_large'],
    ]);
    expect(JSON.stringify(mock.server.requests())).not.toContain('secret-upload-token');
  });

  it('marks a bucket outside the key, and which scenario answered', async () => {
    mock.server.clearRequests();
    await mock.call(filesOf('bkt_archive'), { key: mock.server.app.fixtureKeys.alice });
    const handle = mock.server.scenario('listFiles', { status: 503, times: 1 });
    await mock.call(filesOf(REPORTS), { key: mock.server.app.fixtureKeys.alice });
    expect(mock.server.requests()).toEqual([
      expect.objectContaining({ status: 404, code: 'not_found', bucketOutsideKey: true, scenario: null }),
      expect.objectContaining({ status: 503, scenario: handle.id }),
    ]);
    expect(mock.server.requests()[1]).not.toHaveProperty('bucketOutsideKey');
  });

  it('clearRequests() and DELETE /__mock/requests empty it', async () => {
    await mock.call('/workspaces');
    expect(mock.server.requests().length).toBeGreaterThan(0);
    expect((await mock.call('/__mock/requests', { method: 'DELETE' })).status).toBe(200);
    expect(mock.server.requests()).toEqual([]);
    expect(mock.server.coverage().requests).toBe(0);
  });
});

describe('a bounded log', () => {
  const entry = (n: number): LoggedRequest => ({
    time: '2026-11-02T09:00:00.000Z',
    ms: n,
    method: 'GET',
    path: `/${n}`,
    pathTemplate: null,
    operationId: null,
    key: null,
    status: 404,
    code: 'not_found',
    scenario: null,
  });

  it('keeps the last N entries, oldest first, and counts those it dropped', () => {
    const log = new RequestLog(3);
    for (let n = 1; n <= 7; n++) log.add(entry(n));
    expect(log.list().map((e) => e.ms)).toEqual([5, 6, 7]);
    expect(log.dropped).toBe(4);
    log.clear();
    log.add(entry(8));
    expect([log.list().map((e) => e.ms), log.dropped]).toEqual([[8], 0]);
  });
});
