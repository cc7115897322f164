// Client mistakes are answered 4xx with a problem body naming the mistake,
// never 5xx, and the mock keeps serving afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockClient, type MockClient } from './support/mock-client.ts';

let mock: MockClient;
let full: string;
let base: string;

beforeAll(async () => {
  mock = await startMockClient();
  full = mock.server.app.presetKeys.full;
  base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
});
afterAll(() => mock.close());

const patchRaw = (rawBody: string | Uint8Array, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  mock.call(`${base}/files/file_missing`, { method: 'PATCH', key: full, rawBody, headers });

describe('bad input is a 4xx problem, never a 5xx', () => {
  it('malformed JSON is 400 invalid_request', async () => {
    for (const raw of ['{"tags": [', '{tags: 1}', '', 'nul', '\u0000', '{"a":1}}']) {
      const answer = await patchRaw(raw);
      expect(answer.status, raw).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
    }
  });

  it('bytes that are not UTF-8 are 400', async () => {
    expect((await patchRaw(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).status).toBe(400);
  });

  it('a wrong content type is 400 naming the header', async () => {
    const answer = await patchRaw('{"description":"x"}', { 'content-type': 'text/plain' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0]).toMatchObject({ location: 'header', field: 'content-type' });
  });

  it('wrong types, unknown fields and empty objects are 422 naming each field', async () => {
    const [file] = (await mock.call(`${base}/files?limit=1`, { key: full })).body.data;
    const cases: [unknown, string][] = [
      [{ tags: 'finance' }, '/tags'],
      [{ tags: ['Not A Tag'] }, '/tags/0'],
      [{ description: 5 }, '/description'],
      [{ colour: 'red' }, '/colour'],
      [{}, ''],
      [[], ''],
      [null, ''],
    ];
    for (const [body, field] of cases) {
      const answer = await mock.call(`${base}/files/${file.id}`, {
        method: 'PATCH',
        key: full,
        rawBody: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.code).toBe('validation_failed');
      expect(answer.body.errors.map((e: any) => e.field)).toContain(field);
    }
  });

  it('a body over 1 MiB is 413', async () => {
    const huge = JSON.stringify({ description: 'x'.repeat(1024 * 1024 + 10) });
    const answer = await patchRaw(huge);
    expect(answer.status).toBe(413);
    expect(answer.body.code).toBe('payload_too_large');
  });

  it('deeply nested JSON is refused, not a crash', async () => {
    const answer = await patchRaw(`${'['.repeat(50_000)}${']'.repeat(50_000)}`);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
  });

  it('.. and other unsafe paths, and paths without a file name, are refused 422', async () => {
    for (const path of ['../etc/passwd', 'a/../b.txt', '/abs.txt', 'a//b.txt', 'a/./b.txt', 'tab\there.txt', 'budgets/', '/']) {
      const answer = await mock.call(`${base}/files/presign-upload`, { key: full, body: { path, contentType: 'text/plain', size: 1 } });
      expect(answer.status, path).toBe(422);
      expect(answer.body.errors[0].field).toBe('/path');
    }
    const move = await mock.call(`${base}/files/move`, { key: full, body: { fileIds: ['file_x'], destination: { prefix: '../' } } });
    expect(move.status).toBe(422);
  });

  it('a schedule automation with a cron that is not five fields is 422 naming /trigger/cron', async () => {
    const create = (cron: string) =>
      mock.call(`${base}/automations`, {
        key: full,
        body: { name: 'Nightly', trigger: { event: 'schedule', cron }, action: { type: 'summarize' } },
      });
    for (const cron of ['banana', '0 2 * *', '0  2 * * *', '* * * * * *']) {
      const answer = await create(cron);
      expect(answer.status, cron).toBe(422);
      expect(answer.body.errors[0].field).toBe('/trigger/cron');
    }
    expect((await create('*/15 9-17 * * mon-fri')).status).toBe(201);
  });

  it('bad path parameters and bad percent-encoding are 400', async () => {
    for (const path of [
      `/workspaces/${mock.ids.workspace}/buckets/..%2F../files`,
      `/workspaces/${mock.ids.workspace}/buckets/%E0%A4%A/files`,
      `/workspaces/${'w'.repeat(200)}/buckets`,
    ]) {
      const answer = await mock.call(path, { key: full });
      expect(answer.status, path).toBe(400);
      expect(answer.body.code).toBe('invalid_request');
    }
    expect((await mock.call(`${base}/files?prefix=%ZZ`, { key: full })).status).toBe(400);
  });

  it('bad query values are 400 naming the parameter', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['tag=NOT%20A%20TAG', 'tag'],
      ['semantic=yes&search=x', 'semantic'],
      ['semantic=1', 'semantic'],
      ['cursor=not-ours', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const answer = await mock.call(`${base}/files?${query}`, { key: full });
      expect(answer.status, query).toBe(400);
      expect(answer.body.errors.map((e: any) => e.field)).toContain(field);
    }
  });

  it('unknown routes are 404, other API versions too, and unlisted methods 405 with Allow (HEAD beside GET)', async () => {
    expect((await mock.call('/nothing', { key: full })).status).toBe(404);
    expect((await mock.call(`${mock.server.origin}/api/v2/workspaces`, { key: full })).status).toBe(404);
    const wrong = await mock.call('/workspaces', { method: 'DELETE', key: full });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD');
  });

  it('missing, empty, foreign-scheme and unknown keys are 401 with WWW-Authenticate, and errors never echo the key', async () => {
    const secret = 'bk_test_not_a_real_key_123';
    for (const authorization of [undefined, 'Bearer', 'Bearer   ', `Basic ${secret}`, `Bearer ${secret}`]) {
      const answer = await mock.call('/workspaces', { headers: authorization ? { authorization } : {} });
      expect(answer.status, authorization).toBe(401);
      expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(answer.text).not.toContain(secret);
    }
    expect((await mock.call(`/workspaces?access_token=${full}`)).status).toBe(401);
    expect((await mock.call(`/workspaces?api_key=${full}`)).status).toBe(401);
  });

  it('Prefer: code=NNN answers any status from 100 to 599: a documented one its example, another a generic body; no status is 400', async () => {
    const odd = await mock.call('/workspaces', { key: full, headers: { prefer: 'code=418' } });
    expect(odd.status).toBe(418);
    expect(odd.body).toMatchObject({
      status: 418,
      code: 'i_m_a_teapot',
      detail: expect.stringContaining('listWorkspaces does not document a 418'),
    });
    const unavailable = await mock.call('/workspaces', { key: full, headers: { prefer: 'code=503' } });
    expect(unavailable.status).toBe(503);
    expect(unavailable.body).toMatchObject({ status: 503, code: 'service_unavailable', title: 'Service Unavailable' });
    const accepted = await mock.call('/workspaces', { key: full, headers: { prefer: 'code=202' } });
    expect([accepted.status, accepted.text]).toEqual([202, '']);
    for (const code of ['999', '099', 'abc']) {
      const refused = await mock.call('/workspaces', { key: full, headers: { prefer: `code=${code}` } });
      expect(refused.status, code).toBe(400);
      expect(refused.body.detail).toContain('200, 400, 401, 403, 404, 429');
      expect(refused.body.errors).toEqual([expect.objectContaining({ field: 'prefer' })]);
    }
    const limited = await mock.call('/workspaces', { key: full, headers: { prefer: 'code=429' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
    expect(limited.body.code).toBe('rate_limited');
  });

  it('is still serving after all of that', async () => {
    expect((await mock.call('/workspaces', { key: full })).status).toBe(200);
  });
});
