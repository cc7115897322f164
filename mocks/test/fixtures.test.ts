// Fixtures: checked against the contract with errors that name the field,
// merged with the seeded world or replacing it, restored by a reset, with
// files in the trash, file contents and keys limited to their buckets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMockApp } from '../app/create-mock-app.ts';
import { defineFixtures, type Fixtures } from '../fixtures/fixture-types.ts';
import { FixturesError } from '../fixtures/check-fixtures.ts';
import { FixturesFileError, loadFixturesFile } from '../fixtures/load-fixtures-file.ts';
import { generateWorld } from '../world/generate-world.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';
import { ACME, ARCHIVE, NOTES_TEXT, REPORTS, sampleFixtures } from './support/sample-fixtures.ts';

const spec = loadBundledSpec();
const filesOf = (bucket: string) => `/workspaces/${ACME}/buckets/${bucket}/files`;

/** The issues a createMockApp with these fixtures throws. */
function issuesOf(fixtures: unknown, extra: Record<string, unknown> = {}): { field: string; message: string }[] {
  try {
    createMockApp({ spec, fixtures: fixtures as Fixtures, ...extra });
  } catch (error) {
    if (error instanceof FixturesError) return error.issues;
    throw error;
  }
  throw new Error('the fixtures were accepted');
}

const oneBucket = (files: unknown[], more: Record<string, unknown> = {}) => ({
  mode: 'replace',
  workspaces: [{ name: 'W', buckets: [{ name: 'a' }, { name: 'b', files, ...more }] }],
});

describe('fixtures that break the contract are refused, naming the field', () => {
  it('an empty path, as the message says where it is', () => {
    const files = [{ path: 'a.txt' }, { path: 'b.txt' }, { path: 'c.txt' }, { path: '' }];
    expect(issuesOf(oneBucket(files))).toEqual([
      { field: 'fixtures.workspaces[0].buckets[1].files[3].path', message: 'must be a non-empty string' },
    ]);
    expect(() => createMockApp({ spec, fixtures: oneBucket(files) as Fixtures })).toThrow(
      'fixtures.workspaces[0].buckets[1].files[3].path: must be a non-empty string',
    );
  });

  it('paths, tags, media types and timestamps are checked against the spec’s own schemas', () => {
    const issues = issuesOf(
      oneBucket([
        { path: '/leading.txt' },
        { path: 'a/../b.txt' },
        { path: 'ok.txt', tags: ['Finance', 'ok', 'ok'], contentType: 'pdf', createdAt: 'yesterday' },
      ]),
    );
    expect(issues.map((i) => i.field)).toEqual([
      'fixtures.workspaces[0].buckets[1].files[0].path',
      'fixtures.workspaces[0].buckets[1].files[1].path',
      'fixtures.workspaces[0].buckets[1].files[2].tags[0]',
      'fixtures.workspaces[0].buckets[1].files[2].tags[2]',
      'fixtures.workspaces[0].buckets[1].files[2].contentType',
      'fixtures.workspaces[0].buckets[1].files[2].createdAt',
    ]);
    expect(issues[0].message).toMatch(/^must be a file path/);
    expect(issues[2].message).toMatch(/^must be a tag/);
  });

  it('an unknown field is named with the field it was probably meant to be', () => {
    const issues = issuesOf({ workspaces: [{ name: 'W', bukets: [] }], keys: [{ name: 'k', scopes: ['files:raed'] }] });
    expect(issues).toEqual([
      { field: 'fixtures.workspaces[0].bukets', message: expect.stringContaining('did you mean buckets?') },
      { field: 'fixtures.keys[0].scopes[0]', message: expect.stringContaining('did you mean files:read?') },
    ]);
  });

  it('automations and proposals follow the spec (the schema, and the field each kind needs)', () => {
    const issues = issuesOf(
      oneBucket([{ path: 'x.txt' }], {
        automations: [{ name: 'nightly', trigger: { event: 'schedule' }, action: { type: 'summarize', extra: 1 } }],
        suggestions: [
          { file: 'x.txt', kind: 'move', proposal: { tags: ['a'] } },
          { file: 'missing.txt', kind: 'add_tags', proposal: { tags: ['a'] } },
        ],
      }),
    );
    expect(issues.map((i) => `${i.field}: ${i.message}`)).toEqual([
      'fixtures.workspaces[0].buckets[1].automations[0].trigger.cron: is required when event is schedule',
      'fixtures.workspaces[0].buckets[1].automations[0].action.extra: is not a known field',
      'fixtures.workspaces[0].buckets[1].suggestions[0].proposal.path: is required',
      'fixtures.workspaces[0].buckets[1].suggestions[0].proposal.tags: is not a known field',
      'fixtures.workspaces[0].buckets[1].suggestions[1].file: names no file of this bucket (missing.txt)',
    ]);
  });

  it('two files on one path, an id used twice, and a generated id taken again are refused', () => {
    expect(issuesOf(oneBucket([{ path: 'x.txt' }, { path: 'x.txt' }, { path: 'x.txt', trashed: true }]))).toEqual([
      {
        field: 'fixtures.workspaces[0].buckets[1].files[1].path',
        message: expect.stringContaining('repeats the path of fixtures.workspaces[0].buckets[1].files[0]'),
      },
    ]);
    expect(
      issuesOf({
        workspaces: [
          { id: 'ws_x', name: 'A' },
          { id: 'ws_x', name: 'B' },
        ],
      }),
    ).toEqual([{ field: 'fixtures.workspaces[1].id', message: 'repeats the id ws_x of fixtures.workspaces[0]' }]);
    const seeded = generateWorld({ seed: 5, files: 10 }).buckets[0].id;
    expect(issuesOf({ workspaces: [{ name: 'A', buckets: [{ id: seeded, name: 'B' }] }] }, { seed: 5, files: 10 })).toEqual([
      { field: 'fixtures.workspaces[0].buckets[0].id', message: expect.stringContaining('is the id of a generated record') },
    ]);
  });

  it('keys: a bucket that does not exist, a banner key’s name, a short token', () => {
    const issues = issuesOf({
      mode: 'replace',
      workspaces: [{ name: 'W', buckets: [{ id: 'bkt_here', name: 'B' }] }],
      keys: [
        { name: 'full', scopes: [] },
        { name: 'k', token: 'short', scopes: [], bucketIds: ['bkt_here', 'bkt_gone'] },
      ],
    });
    expect(issues.map((i) => i.field)).toEqual(['fixtures.keys[0].name', 'fixtures.keys[1].token']);
    expect(
      issuesOf({
        mode: 'replace',
        workspaces: [{ name: 'W', buckets: [{ id: 'bkt_here', name: 'B' }] }],
        keys: [{ name: 'k', scopes: [], bucketIds: ['bkt_gone'] }],
      }),
    ).toEqual([{ field: 'fixtures.keys[0].bucketIds[0]', message: 'names no bucket of the world (bkt_gone)' }]);
  });

  it('a generated world size with a replaced world is refused as contradictory', () => {
    expect(() => createMockApp({ spec, files: 100, fixtures: { mode: 'replace' } })).toThrow(/files.*replace/);
  });

  it('defineFixtures types the fixtures: a misspelt field does not compile', () => {
    // @ts-expect-error -- `bukets` is not a field of a workspace.
    const typo = defineFixtures({ workspaces: [{ name: 'W', bukets: [] }] });
    expect(typo.workspaces).toHaveLength(1);
  });
});

describe('merged with the seeded world', () => {
  let mock: MockClient;
  beforeAll(async () => {
    mock = await startMockClient({ seed: 11, files: 40, fixtures: sampleFixtures });
  });
  afterAll(() => mock.close());

  it('lists the seeded workspaces first, then the fixtures’ own', async () => {
    const seeded = generateWorld({ seed: 11, files: 40 }).workspaces.map((w) => w.id);
    const listed = await mock.call('/workspaces', { key: mock.server.app.presetKeys.full });
    expect(listed.body.data.map((w: { id: string }) => w.id)).toEqual([...seeded, ACME]);
    expect(mock.server.app.info()).toMatchObject({ fixtures: 'merge', files: 40 + 4 });
  });

  it('a bucket with three files, one of them in the trash: two listed, one in the trash', async () => {
    const key = mock.server.app.presetKeys.full;
    const listed = await mock.call(filesOf(REPORTS), { key });
    expect(listed.body.data.map((f: { path: string }) => f.path)).toEqual(['reports/2026/notes.txt', 'reports/2026/q1.pdf']);
    expect(listed.body.data[1]).toMatchObject({
      tags: ['finance', 'q1'],
      description: 'Q1 report',
      contentType: 'application/pdf',
      size: 1024,
      status: 'ready',
    });
    const trash = await mock.call(`/workspaces/${ACME}/buckets/${REPORTS}/trash`, { key });
    expect(trash.body.data).toEqual([expect.objectContaining({ path: 'reports/2025/draft.pdf', bucketId: REPORTS, size: 1024 })]);
  });

  it('serves a file’s content through a presigned download, and its size follows from it', async () => {
    const key = mock.server.app.presetKeys.full;
    const listed = await mock.call(filesOf(REPORTS), { key });
    const notes = listed.body.data.find((f: { path: string }) => f.path.endsWith('notes.txt'));
    expect(notes.size).toBe(Buffer.byteLength(NOTES_TEXT));
    const grant = await mock.call(`${filesOf(REPORTS)}/presign-download`, { key, body: { fileId: notes.id } });
    const download = await fetch(grant.body.url);
    expect(await download.text()).toBe(NOTES_TEXT);
  });

  it('the other records hang off the bucket: automations, suggestions on a file by its path, shares, transfers', async () => {
    const key = mock.server.app.presetKeys.full;
    const base = `/workspaces/${ACME}/buckets/${REPORTS}`;
    const [files, automations, suggestions, shares, transfers] = await Promise.all(
      ['files', 'automations', 'suggestions', 'shares', 'transfers'].map((what) => mock.call(`${base}/${what}`, { key })),
    );
    const q1 = files.body.data.find((f: { path: string }) => f.path.endsWith('q1.pdf'));
    expect(automations.body.data).toEqual([expect.objectContaining({ name: 'Tag new reports', enabled: true })]);
    expect(suggestions.body.data).toEqual([expect.objectContaining({ fileId: q1.id, status: 'open', proposal: { tags: ['reviewed'] } })]);
    expect(shares.body.data).toEqual([
      expect.objectContaining({ fileId: q1.id, access: 'download', url: expect.stringContaining(mock.server.origin) }),
    ]);
    expect(transfers.body.data).toEqual([expect.objectContaining({ bytesTotal: 2048, bytesTransferred: 2048, status: 'succeeded' })]);
  });

  it('a fixture key reaches only its buckets; a key with a given token works under that token', async () => {
    const alice = mock.server.app.fixtureKeys.alice;
    expect((await mock.call(filesOf(REPORTS), { key: alice })).status).toBe(200);
    expect((await mock.call(filesOf(ARCHIVE), { key: alice })).status).toBe(404);
    const buckets = await mock.call(`/workspaces/${ACME}/buckets`, { key: alice });
    expect(buckets.body.data.map((b: { id: string }) => b.id)).toEqual([REPORTS]);
    expect(mock.server.app.fixtureKeys.bob).toBe('bob-token-0123456789abcdef');
    expect((await mock.call(filesOf(ARCHIVE), { key: 'bob-token-0123456789abcdef' })).status).toBe(200);
    expect((await mock.call(`/workspaces/${ACME}/buckets`, { key: 'bob-token-0123456789abcdef' })).status).toBe(403);
  });

  it('a reset returns to the fixtures: changes are undone, the fixture keys still work, minted keys are gone', async () => {
    const key = mock.server.app.presetKeys.full;
    const minted = await mock.key(['files:read']);
    const listed = await mock.call(filesOf(REPORTS), { key });
    const q1 = listed.body.data.find((f: { path: string }) => f.path.endsWith('q1.pdf'));
    await mock.call(`${filesOf(REPORTS)}/${q1.id}`, { key, method: 'PATCH', body: { tags: ['changed'] } });
    await mock.call(`${filesOf(REPORTS)}/trash`, { key, body: { fileIds: [q1.id] } });
    expect((await mock.call(filesOf(REPORTS), { key })).body.data).toHaveLength(1);

    expect((await mock.call('/__mock/reset', { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);

    const after = await mock.call(filesOf(REPORTS), { key });
    expect(after.body.data).toEqual(listed.body.data);
    expect((await mock.call(filesOf(REPORTS), { key: mock.server.app.fixtureKeys.alice })).status).toBe(200);
    expect((await mock.call(filesOf(REPORTS), { key: minted })).status).toBe(401);
  });
});

describe('replacing the seeded world', () => {
  let mock: MockClient;
  beforeAll(async () => {
    mock = await startMockClient({ fixtures: { ...sampleFixtures, mode: 'replace' } });
  });
  afterAll(() => mock.close());

  it('lists only the fixtures’ workspace and buckets; the one-bucket banner key gets the first fixture bucket', async () => {
    const { app } = mock.server;
    expect(app.info()).toMatchObject({
      fixtures: 'replace',
      files: 4,
      workspaces: [{ id: ACME, name: 'Acme', buckets: [REPORTS, ARCHIVE] }],
    });
    const listed = await mock.call('/workspaces', { key: app.presetKeys.full });
    expect(listed.body.data).toEqual([expect.objectContaining({ id: ACME, bucketCount: 2 })]);
    expect((await mock.call(filesOf(REPORTS), { key: app.presetKeys.restricted })).status).toBe(200);
    expect((await mock.call(filesOf(ARCHIVE), { key: app.presetKeys.restricted })).status).toBe(404);
  });

  it('a reset rebuilds the fixtures’ world (nothing generated to swap in)', async () => {
    const key = mock.server.app.presetKeys.full;
    const before = await mock.call(filesOf(ARCHIVE), { key });
    await mock.call(`${filesOf(ARCHIVE)}/trash`, { key, body: { fileIds: [before.body.data[0].id] } });
    expect((await mock.call(filesOf(ARCHIVE), { key })).body.data).toEqual([]);
    mock.server.reset();
    expect((await mock.call(filesOf(ARCHIVE), { key })).body).toEqual(before.body);
  });

  it('an empty replaced world serves empty listings (the empty state)', async () => {
    const empty = await startMockClient({
      fixtures: { mode: 'replace', workspaces: [{ id: 'ws_empty', name: 'Empty', buckets: [{ id: 'bkt_empty', name: 'Nothing' }] }] },
    });
    try {
      const key = empty.server.app.presetKeys.full;
      const files = await empty.call('/workspaces/ws_empty/buckets/bkt_empty/files', { key });
      expect(files.body).toEqual({ data: [], nextCursor: null });
    } finally {
      await empty.close();
    }
  });
});

describe('fixtures files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bucketkit-fixtures-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };

  it('reads JSON, an ES module and a TypeScript module exporting the fixtures', async () => {
    const json = write('f.json', JSON.stringify({ mode: 'replace', workspaces: [{ name: 'J' }] }));
    const mjs = write('f.mjs', 'export default { mode: "replace", workspaces: [{ name: "M" }] };');
    const ts = write('f.ts', 'const name: string = "T";\nexport const fixtures = { mode: "replace" as const, workspaces: [{ name }] };\n');
    for (const [file, name] of [
      [json, 'J'],
      [mjs, 'M'],
      [ts, 'T'],
    ]) {
      const fixtures = (await loadFixturesFile(file)) as Fixtures;
      expect(fixtures.workspaces?.[0].name, file).toBe(name);
      expect(
        createMockApp({ spec, fixtures })
          .info()
          .workspaces.map((w) => w.name),
      ).toEqual([name]);
    }
  });

  it('a missing file, bad JSON and a module without the export say what is wrong', async () => {
    await expect(loadFixturesFile(join(dir, 'nope.json'))).rejects.toThrow(/No fixtures file at/);
    await expect(loadFixturesFile(write('bad.json', '{ "mode": '))).rejects.toThrow(/is not valid JSON/);
    await expect(loadFixturesFile(write('none.mjs', 'export const other = 1;'))).rejects.toThrow(FixturesFileError);
    await expect(loadFixturesFile(write('f.yaml', 'mode: merge'))).rejects.toThrow(/a fixtures file is .json/);
  });
});
