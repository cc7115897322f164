// A deployment's profile played back: each choice changes exactly what it
// says (a foreign bucket 403, an unlisted method 404 without Allow, pages
// capped at maxPageSize, a route's own scope, the 401 challenge, the error body's shape), as the
// conformance suite checks them under the same overrides; bad profiles are
// refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkProfile, ProfileError, type MockProfile } from '../profile/check-profile.ts';
import { loadProfileFile } from '../profile/load-profile-file.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { ACME, ARCHIVE, REPORTS, sampleFixtures } from './support/sample-fixtures.ts';

const filesOf = (bucket: string) => `/workspaces/${ACME}/buckets/${bucket}/files`;

/** The profile of the issue, with the given overrides and observations. */
function profileWith(overrides: MockProfile['overrides'], observed?: MockProfile['observed']): MockProfile {
  return {
    kind: 'bucketkit-profile',
    version: 1,
    learnedFrom: 'https://files.example.com/api/v1',
    learnedAt: '2026-11-25T12:00:00Z',
    overrides,
    ...(observed ? { observed } : {}),
  };
}

const errorBody = { contentType: 'application/json', example: { error: { code: 'forbidden', message: '…' } } };
const THE_PROFILE = profileWith(
  { foreignBucketStatus: 403, errorFormat: 'any', unlistedMethodStatus: 404, maxPageSize: 100 },
  { authChallenge: 'Bearer realm="files"', errorBody },
);

async function withMock(profile: MockProfile, use: (mock: MockClient) => Promise<void>, files?: number): Promise<void> {
  const mock = await startMockClient({ profile, fixtures: sampleFixtures, ...(files ? { files } : {}) });
  try {
    await use(mock);
  } finally {
    await mock.close();
  }
}

describe('the profile of the issue, played as a whole', () => {
  let mock: MockClient;
  let full: string;
  beforeAll(async () => {
    mock = await startMockClient({ profile: THE_PROFILE, fixtures: sampleFixtures });
    full = mock.server.app.presetKeys.full;
  });
  afterAll(() => mock.close());

  it('a bucket outside the key is 403; an absent one stays 404', async () => {
    const alice = mock.server.app.fixtureKeys.alice;
    expect((await mock.call(filesOf(ARCHIVE), { key: alice })).status).toBe(403);
    expect((await mock.call(filesOf('bkt_absent'), { key: alice })).status).toBe(404);
    expect(mock.server.app.info().profile).toBe('https://files.example.com/api/v1');
  });

  it('an unlisted method on a known path is 404 without Allow', async () => {
    const answer = await mock.call(filesOf(REPORTS), { key: full, method: 'DELETE' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('allow')).toBeNull();
  });

  it('limit=100 is served, limit=101 is 400 with a body naming limit, and the default page is not above 100', async () => {
    expect((await mock.call(`${filesOf(REPORTS)}?limit=100`, { key: full })).status).toBe(200);
    const refused = await mock.call(`${filesOf(REPORTS)}?limit=101`, { key: full });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('limit');
  });

  it('401 carries the deployment’s challenge', async () => {
    for (const headers of [{}, { authorization: 'Bearer bk_unknown_0123456789' }] as Record<string, string>[]) {
      const answer = await mock.call('/workspaces', { headers });
      expect(answer.status).toBe(401);
      expect(answer.headers.get('www-authenticate')).toBe('Bearer realm="files"');
    }
  });

  it('every error comes in the deployment’s shape, filled by field name, naming the scope or field', async () => {
    const scoped = await mock.call(`/workspaces/${ACME}/buckets`, { key: mock.server.app.fixtureKeys.bob });
    expect(scoped.status).toBe(403);
    expect(scoped.headers.get('content-type')).toBe('application/json');
    expect(scoped.body).toEqual({ error: { code: 'insufficient_scope', message: 'This route needs the buckets:read scope.' } });
    const invalid = await mock.call(`${filesOf(REPORTS)}?limit=0`, { key: full });
    expect(invalid.body).toEqual({
      error: { code: 'invalid_request', message: expect.stringMatching(/A query parameter is invalid\. \(limit must be >= 1\)/) },
    });
    const schema = await mock.call(`${filesOf(REPORTS)}/file_x`, { key: full, method: 'PATCH', body: { tags: ['ok'], colour: 'red' } });
    expect(schema.status).toBe(422);
    expect(schema.body.error.message).toContain('/colour');
    const foreign = await mock.call(filesOf(ARCHIVE), { key: mock.server.app.fixtureKeys.alice });
    expect(foreign.body).toEqual({ error: { code: 'forbidden', message: 'This key may not reach bucket bkt_archive.' } });
  });

  it('the request log still reads the code; successes and Prefer examples are in the same shape', async () => {
    mock.server.clearRequests();
    await mock.call(`/workspaces/${ACME}/buckets`, { key: mock.server.app.fixtureKeys.bob });
    expect(mock.server.requests()[0]).toMatchObject({ status: 403, code: 'insufficient_scope' });
    const simulated = await mock.call('/workspaces', { key: full, headers: { prefer: 'code=429' } });
    expect([simulated.status, simulated.headers.get('retry-after'), simulated.body.error.code]).toEqual([429, '30', 'rate_limited']);
    expect((await mock.call('/workspaces', { key: full })).body.data).toBeInstanceOf(Array);
  });

  it('a scenario’s made-up error takes the shape; a body of the scenario’s own is sent as given', async () => {
    mock.server.scenario('listFiles', { status: 503, times: 1 });
    expect((await mock.call(filesOf(REPORTS), { key: full })).body).toEqual({
      error: { code: 'service_unavailable', message: expect.any(String) },
    });
    mock.server.scenario('listFiles', { status: 503, body: { down: true }, times: 1 });
    expect((await mock.call(filesOf(REPORTS), { key: full })).body).toEqual({ down: true });
  });
});

describe('each choice changes only what it says', () => {
  it('foreignBucketStatus alone: 403 problem+json forbidden; methods, pages and challenge as the contract says', async () => {
    await withMock(profileWith({ foreignBucketStatus: 403 }), async (mock) => {
      const full = mock.server.app.presetKeys.full;
      const foreign = await mock.call(filesOf(ARCHIVE), { key: mock.server.app.fixtureKeys.alice });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('content-type')).toBe('application/problem+json');
      expect(foreign.body).toMatchObject({ status: 403, code: 'forbidden' });
      const unlisted = await mock.call(filesOf(REPORTS), { key: full, method: 'DELETE' });
      expect([unlisted.status, unlisted.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
      expect((await mock.call(`${filesOf(REPORTS)}?limit=1000`, { key: full })).status).toBe(200);
      expect((await mock.call('/workspaces')).headers.get('www-authenticate')).toBe('Bearer realm="api"');
      // A move into a foreign bucket is still the contract's 404 (the override names buckets in the path only).
      const listed = await mock.call(filesOf(REPORTS), { key: mock.server.app.fixtureKeys.alice });
      const move = await mock.call(`${filesOf(REPORTS)}/move`, {
        key: mock.server.app.fixtureKeys.alice,
        body: { fileIds: [listed.body.data[0].id], destination: { bucketId: ARCHIVE, prefix: 'x/' } },
      });
      expect(move.status).toBe(404);
    });
  });

  it('a small maxPageSize caps the default page; a large one serves pages above the spec’s 1000', async () => {
    await withMock(profileWith({ maxPageSize: 5 }), async (mock) => {
      const page = await mock.call(filesOf(REPORTS).replace(ACME, mock.ids.workspace).replace(REPORTS, mock.ids.allowed), {
        key: mock.server.app.presetKeys.full,
      });
      expect(page.body.data).toHaveLength(5);
      expect(page.body.nextCursor).not.toBeNull();
    });
    await withMock(
      profileWith({ maxPageSize: 1500 }),
      async (mock) => {
        const path = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}/files`;
        const key = mock.server.app.presetKeys.full;
        const big = await mock.call(`${path}?limit=1100`, { key });
        expect([big.status, big.body.data.length]).toEqual([200, 1100]);
        const refused = await mock.call(`${path}?limit=1501`, { key });
        expect([refused.status, refused.body.errors]).toEqual([400, [{ location: 'query', field: 'limit', message: 'must be <= 1500' }]]);
        expect((await mock.call(`${path}?limit=1500&limit=2`, { key })).status).toBe(400);
      },
      3000,
    );
  });

  it('scopes: a route the seed leaves open needs the deployment’s scope, in place of the contract’s', async () => {
    await withMock(profileWith({ scopes: { listShares: 'files:read' } }), async (mock) => {
      const shares = filesOf(REPORTS).replace(/files$/, 'shares');
      const transfers = filesOf(REPORTS).replace(/files$/, 'transfers');
      const [filesReader, sharesReader] = [await mock.key(['files:read']), await mock.key(['shares:read'])];
      expect((await mock.call(shares, { key: filesReader })).status).toBe(200);
      const refused = await mock.call(shares, { key: sharesReader });
      expect([refused.status, refused.body.requiredScope]).toEqual([403, 'files:read']);
      // The routes it does not name keep the contract's scope.
      expect((await mock.call(transfers, { key: filesReader })).status).toBe(403);
    });
  });

  it('a deployment that sends no challenge: 401 without WWW-Authenticate', async () => {
    await withMock(profileWith({}, { authChallenge: null }), async (mock) => {
      const answer = await mock.call('/workspaces');
      expect([answer.status, answer.headers.get('www-authenticate')]).toEqual([401, null]);
    });
  });

  it('error shapes: a detail field added where the example has none, arrays and numeric statuses followed, a text body', async () => {
    const shaped = async (example: unknown, contentType = 'application/json') => {
      let out: { type: string | null; text: string } = { type: null, text: '' };
      await withMock(profileWith({ errorFormat: 'any' }, { errorBody: { contentType, example } }), async (mock) => {
        const answer = await mock.call(`/workspaces/${ACME}/buckets`, { key: mock.server.app.fixtureKeys.bob });
        expect(answer.status).toBe(403);
        out = { type: answer.headers.get('content-type'), text: answer.text };
      });
      return out;
    };
    expect(JSON.parse((await shaped({ error: 'forbidden' })).text)).toEqual({
      error: 'insufficient_scope',
      detail: 'This route needs the buckets:read scope.',
    });
    expect(JSON.parse((await shaped({ errors: [{ status: 418, reason: 'x', msg: '' }], requestId: 'r-1' })).text)).toEqual({
      errors: [{ status: 403, reason: 'insufficient_scope', msg: 'This route needs the buckets:read scope.' }],
      requestId: 'r-1',
    });
    expect(JSON.parse((await shaped({ statusCode: '400', error_description: '' })).text)).toEqual({
      statusCode: '403',
      error_description: 'This route needs the buckets:read scope.',
    });
    expect(await shaped('Forbidden', 'text/plain')).toEqual({ type: 'text/plain', text: 'This route needs the buckets:read scope.' });
  });
});

describe('profiles that break the format are refused, naming the field', () => {
  const issuesOf = (value: unknown) => {
    try {
      checkProfile(value);
    } catch (error) {
      if (error instanceof ProfileError) return error.issues.map((i) => `${i.field}: ${i.message}`);
      throw error;
    }
    return [];
  };

  it('the issue’s profile is valid', () => {
    expect(issuesOf(THE_PROFILE)).toEqual([]);
  });

  it('each field of the format', () => {
    expect(issuesOf({ ...THE_PROFILE, kind: 'profile', version: 2, learnedAt: 'today' })).toEqual([
      'profile.kind: must be "bucketkit-profile"',
      'profile.version: must be 1',
      'profile.learnedAt: must be an RFC 3339 timestamp such as 2026-11-25T12:00:00Z',
    ]);
    expect(
      issuesOf(
        profileWith({ foreignBucketStatus: 401 as 403, unlistedMethodStatus: 400 as 404, maxPageSize: 1, errorFormat: 'xml' as 'any' }),
      ),
    ).toEqual([
      'profile.overrides.foreignBucketStatus: must be 403 or 404',
      'profile.overrides.errorFormat: must be "problem+json" or "any"',
      'profile.overrides.unlistedMethodStatus: must be 404 or 405',
      'profile.overrides.maxPageSize: must be an integer from 2 to 100000',
    ]);
    expect(issuesOf(profileWith({ maxPagesize: 100 } as never))).toEqual([
      expect.stringMatching(/^profile\.overrides\.maxPagesize: .*did you mean maxPageSize\?/),
    ]);
  });

  it('the error body goes with errorFormat "any", and only with it', () => {
    expect(issuesOf(profileWith({ errorFormat: 'any' }))).toEqual([expect.stringMatching(/^profile\.observed\.errorBody: is required/)]);
    expect(issuesOf(profileWith({}, { errorBody }))).toEqual([expect.stringMatching(/^profile\.observed\.errorBody: must be left out/)]);
    expect(issuesOf(profileWith({ errorFormat: 'any' }, { errorBody: { contentType: 'json', example: 3 } }))).toEqual([
      'profile.observed.errorBody.contentType: must be a media type such as application/json',
      expect.stringMatching(/^profile\.observed\.errorBody\.example: must be the example error body/),
    ]);
    expect(issuesOf(profileWith({}, { authChallenge: 'Bearer\r\nX: y' }))).toEqual([
      expect.stringMatching(/^profile\.observed\.authChallenge:/),
    ]);
  });

  it('the suite’s other overrides are accepted and not played', () => {
    expect(issuesOf(profileWith({ disable: ['listing'], uploadVisibleWithinMs: 15_000 }))).toEqual([]);
  });

  it('profile files: missing, not JSON, and a bad field all say which file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bucketkit-profile-'));
    try {
      expect(() => loadProfileFile(join(dir, 'none.json'))).toThrow(/No profile file at/);
      writeFileSync(join(dir, 'bad.json'), '{');
      expect(() => loadProfileFile(join(dir, 'bad.json'))).toThrow(/bad\.json is not valid JSON/);
      writeFileSync(join(dir, 'wrong.json'), JSON.stringify(profileWith({ foreignBucketStatus: 500 as 403 })));
      expect(() => loadProfileFile(join(dir, 'wrong.json'))).toThrow(
        /wrong\.json is not valid:\n {2}profile\.overrides\.foreignBucketStatus: must be 403 or 404/,
      );
      writeFileSync(join(dir, 'good.json'), JSON.stringify(THE_PROFILE));
      expect(loadProfileFile(join(dir, 'good.json'))).toEqual(THE_PROFILE);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
