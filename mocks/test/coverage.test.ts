// Contract coverage: the answers each operation documents (its statuses, the
// code of each error, the cases the contract tells apart), which ones the
// client met and which it never met, over MSW and the control API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { documentedAnswers, formatCoverage, type OperationCoverage } from '../observe/coverage.ts';
import { setupMockServer } from '../msw/node.ts';
import { ACME, ARCHIVE, REPORTS, sampleFixtures } from './support/sample-fixtures.ts';

const labels = (answers: { label: string }[]) => answers.map((a) => a.label);

describe('the documented answers of an operation', () => {
  const catalog = documentedAnswers(loadBundledSpec(), loadRouteTable());

  it('come from the spec’s responses and their examples’ codes, with a bucket outside the key apart', () => {
    expect(catalog.get('listFiles')).toEqual([
      { status: 200, code: null },
      { status: 400, code: 'invalid_request' },
      { status: 401, code: 'unauthenticated' },
      { status: 403, code: 'insufficient_scope' },
      { status: 404, code: 'not_found' },
      { status: 404, code: 'not_found', bucketOutsideKey: true },
      { status: 429, code: 'rate_limited' },
    ]);
    expect(catalog.get('listWorkspaces')?.some((a) => a.bucketOutsideKey)).toBe(false);
  });

  it('upload-complete documents its refusal of API-key clients, and no bucket case (it refuses them first)', () => {
    const answers = catalog.get('completeUpload')!;
    expect(answers).toContainEqual({ status: 403, code: 'agent_upload_complete_forbidden' });
    expect(answers.some((a) => a.bucketOutsideKey)).toBe(false);
  });

  it('a deployment answering 403 for a foreign bucket documents that instead', () => {
    const answers = documentedAnswers(loadBundledSpec(), loadRouteTable(), { foreignBucketStatus: 403, foreignBucketCode: 'forbidden' });
    expect(answers.get('listFiles')).toContainEqual({ status: 403, code: 'forbidden', bucketOutsideKey: true });
    expect(answers.get('listFiles')?.filter((a) => a.status === 404)).toEqual([{ status: 404, code: 'not_found' }]);
  });
});

describe('what a client met', () => {
  const ORIGIN = 'http://coverage.bucketkit.test';
  const mock = setupMockServer({ fixtures: sampleFixtures, origins: [ORIGIN] });
  const api = (path: string, key?: string) => fetch(`${ORIGIN}/api/v1${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
  const files = (bucket: string, key?: string) => api(`/workspaces/${ACME}/buckets/${bucket}/files`, key);
  let listFiles: OperationCoverage;

  beforeAll(async () => {
    mock.server.listen({ onUnhandledRequest: 'error' });
    const { full } = mock.app.presetKeys;
    const { alice, bob } = mock.app.fixtureKeys;
    await files(REPORTS, full); // 200
    await files(REPORTS, full); // 200 again
    await files(REPORTS); // 401
    await api(`/workspaces/${ACME}/buckets`, bob); // listBuckets 403
    await files('bkt_missing', full); // 404 absent
    await files(ARCHIVE, alice); // 404 bucket outside the key
    mock.scenario('listFiles', { status: 503, times: 1 });
    await files(REPORTS, full); // 503, undocumented
    mock.scenario('listFiles', { networkError: true, times: 1 });
    await files(REPORTS, full).catch(() => undefined); // no answer
    await api('/nowhere', full); // no operation
    mock.reset(); // keeps the counts
    listFiles = mock.coverage().operations.find((o) => o.operationId === 'listFiles')!;
  });
  afterAll(() => mock.server.close());

  it('met and never met, per status and code, with how often', () => {
    expect(listFiles.requests).toBe(7);
    expect(listFiles.met.map((a) => `${a.label} ×${a.count}`)).toEqual([
      '200 ×2',
      '401 unauthenticated ×1',
      '404 not_found ×1',
      "404 not_found (bucket outside the key's bucketIds) ×1",
    ]);
    expect(labels(listFiles.neverMet)).toEqual(['400 invalid_request', '403 insufficient_scope', '429 rate_limited']);
    expect(listFiles.undocumented.map((a) => `${a.label} ×${a.count}`)).toEqual(['503 service_unavailable ×1']);
    expect(listFiles.unanswered).toBe(1);
    const listBuckets = mock.coverage().operations.find((o) => o.operationId === 'listBuckets')!;
    expect(labels(listBuckets.met)).toEqual(['403 insufficient_scope']);
  });

  it('totals: documented answers over every operation, met, percent, requests outside any operation', () => {
    const report = mock.coverage();
    const documented = report.operations.reduce((n, o) => n + o.met.length + o.neverMet.length, 0);
    expect(report).toMatchObject({ documented, met: 5, percent: Math.floor(500 / documented), requests: 9, outsideOperations: 1 });
  });

  it('formatCoverage writes a Markdown table a person can read after a test run', () => {
    const text = formatCoverage(mock.coverage());
    expect(text).toContain(`## Contract coverage: 5 of ${mock.coverage().documented} documented answers met`);
    expect(text).toContain(
      "| `listFiles` GET /workspaces/{workspaceId}/buckets/{bucketId}/files | 7 | 200 ×2, 401 unauthenticated ×1, 404 not_found ×1, 404 not_found (bucket outside the key's bucketIds) ×1 | 400 invalid_request, 403 insufficient_scope, 429 rate_limited |",
    );
    expect(text).toContain('Answers the spec does not document: `listFiles` 503 service_unavailable ×1, `listFiles` no answer ×1.');
    expect(text).not.toContain('| `updateFile`');
    expect(text).toMatch(/Never called \(\d+ documented answers\): `listWorkspaces`, `updateFile`, /);
    const all = formatCoverage(mock.coverage(), { all: true });
    expect(all.split('\n').filter((line) => line.startsWith('| `'))).toHaveLength(mock.coverage().operations.length);
    expect(all).not.toContain('Never called');
  });

  it('GET /__mock/coverage gives the same report; clearing the requests starts it again', async () => {
    expect(await (await fetch(`${ORIGIN}/__mock/coverage`)).json()).toEqual(mock.coverage());
    mock.clearRequests();
    expect(mock.coverage()).toMatchObject({ met: 0, requests: 0 });
  });
});
