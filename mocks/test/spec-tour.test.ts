// A scripted tour of all 21 operations, success and error cases, run through a
// real Prism validation proxy (`--errors`: a response that breaks the spec
// becomes Prism's 500 VIOLATIONS) and checked again with Ajv on the spec's
// schemas. Requests Prism would refuse itself (no key, invalid bodies) go to
// the mock directly and are checked with Ajv only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { startMockClient, type Answer, type MockClient } from './support/mock-client.ts';
import { startPrismProxy, type PrismProxy } from './support/prism-proxy.ts';

const routes = new Map(loadRouteTable().map((r) => [r.operationId, r]));
const validator = loadSchemaValidator();
let mock: MockClient;
let prism: PrismProxy;
let full: string;
let base: string;
const seen = new Set<string>();
const state: Record<string, any> = {};

beforeAll(async () => {
  mock = await startMockClient();
  prism = await startPrismProxy(mock.server.baseUrl);
  full = mock.server.app.presetKeys.full;
  base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
}, 30_000);
afterAll(async () => {
  await prism?.stop();
  await mock?.close();
});

/** Response violations Prism reports in sl-violations (request ones are not the mock's). */
function prismResponseViolations(answer: Answer): unknown[] {
  const header = answer.headers.get('sl-violations');
  const listed = header
    ? (JSON.parse(header) as { location: string[]; severity: string }[]).filter(
        (v) => v.location[0] === 'response' && v.severity === 'Error',
      )
    : [];
  return String(answer.body?.type ?? '').includes('VIOLATIONS') ? [...listed, answer.body] : listed;
}

function expectValid(operationId: string, answer: Answer, status: number): void {
  const route = routes.get(operationId)!;
  expect(answer.status, answer.text).toBe(status);
  expect(validator.validateResponse(route, answer.status, answer.headers.get('content-type'), answer.body)).toEqual([]);
  seen.add(operationId);
}

type Step = [name: string, operationId: string, status: number, send: () => Promise<Answer>];
const viaPrism = (path: string, options: Parameters<MockClient['call']>[1] = {}) => mock.call(`${prism.origin}${path}`, options);

const toured: Step[] = [
  ['lists workspaces', 'listWorkspaces', 200, () => viaPrism('/workspaces', { key: full })],
  ['lists buckets', 'listBuckets', 200, () => viaPrism(`/workspaces/${mock.ids.workspace}/buckets`, { key: full })],
  [
    'lists files by prefix',
    'listFiles',
    200,
    async () => {
      const answer = await viaPrism(`${base}/files?limit=5`, { key: full });
      state.files = answer.body.data;
      return answer;
    },
  ],
  ['ranks files with semantic=1', 'listFiles', 200, () => viaPrism(`${base}/files?search=report%20q3&semantic=1&limit=5`, { key: full })],
  ['refuses semantic=1 without search with 400', 'listFiles', 400, () => viaPrism(`${base}/files?semantic=1`, { key: full })],
  ['refuses a foreign cursor with 400', 'listFiles', 400, () => viaPrism(`${base}/files?cursor=bm9wZQ`, { key: full })],
  [
    'refuses a key without files:read with 403',
    'listFiles',
    403,
    async () => viaPrism(`${base}/files`, { key: await mock.key(['workspaces:read']) }),
  ],
  [
    'hides a bucket outside bucketIds with 404',
    'listFiles',
    404,
    async () =>
      viaPrism(`/workspaces/${mock.ids.workspace}/buckets/${mock.ids.other}/files`, { key: mock.server.app.presetKeys.restricted }),
  ],
  [
    'updates a file',
    'updateFile',
    200,
    () => viaPrism(`${base}/files/${state.files[0].id}`, { method: 'PATCH', key: full, body: { tags: ['board'] } }),
  ],
  [
    'answers 404 for an unknown file',
    'updateFile',
    404,
    () => viaPrism(`${base}/files/file_nothere`, { method: 'PATCH', key: full, body: { tags: ['board'] } }),
  ],
  [
    'presigns an upload',
    'presignUpload',
    201,
    async () => {
      const answer = await viaPrism(`${base}/files/presign-upload`, {
        key: full,
        body: { path: `tour/${state.files[0].name}`, contentType: 'text/plain', size: 5 },
      });
      state.upload = answer.body;
      return answer;
    },
  ],
  [
    'refuses a second upload to the same path with 409',
    'presignUpload',
    409,
    () => viaPrism(`${base}/files/presign-upload`, { key: full, body: { path: state.upload.path, contentType: 'text/plain', size: 5 } }),
  ],
  [
    'refuses an upload over 64 MiB with 413',
    'presignUpload',
    413,
    () =>
      viaPrism(`${base}/files/presign-upload`, {
        key: full,
        body: { path: 'tour/big.bin', contentType: 'application/octet-stream', size: 70_000_000 },
      }),
  ],
  [
    'refuses upload-complete to an API-key client with 403',
    'completeUpload',
    403,
    async () => {
      await fetch(state.upload.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: 'hello' });
      return viaPrism(`${base}/files/upload-complete`, { key: full, body: { uploadId: state.upload.uploadId } });
    },
  ],
  [
    'presigns a download',
    'presignDownload',
    200,
    () => viaPrism(`${base}/files/presign-download`, { key: full, body: { fileId: state.upload.fileId } }),
  ],
  [
    'moves a file',
    'moveFiles',
    200,
    () => viaPrism(`${base}/files/move`, { key: full, body: { fileIds: [state.files[1].id], destination: { prefix: 'tour/moved/' } } }),
  ],
  [
    'refuses a move onto a taken path (the upload took it) with 409',
    'moveFiles',
    409,
    () => viaPrism(`${base}/files/move`, { key: full, body: { fileIds: [state.files[0].id], destination: { prefix: 'tour/' } } }),
  ],
  ['trashes a file', 'trashFiles', 200, () => viaPrism(`${base}/files/trash`, { key: full, body: { fileIds: [state.files[2].id] } })],
  ['reads the trash', 'getTrash', 200, () => viaPrism(`${base}/trash`, { key: full })],
  [
    'restores from the trash',
    'updateTrash',
    200,
    () => viaPrism(`${base}/trash`, { method: 'PATCH', key: full, body: { restore: [state.files[2].id] } }),
  ],
  ['reads intelligence', 'getIntelligence', 200, () => viaPrism(`${base}/intelligence`, { key: full })],
  [
    'updates intelligence',
    'updateIntelligence',
    200,
    () => viaPrism(`${base}/intelligence`, { method: 'PATCH', key: full, body: { instructions: null } }),
  ],
  [
    'starts a backfill',
    'startIntelligenceBackfill',
    202,
    () => viaPrism(`${base}/intelligence/backfill`, { key: full, body: { prefix: 'tour/' } }),
  ],
  ['runs the agent', 'runBucketAgent', 200, () => viaPrism(`${base}/agent`, { key: full, body: { prompt: 'Which reports cover q3?' } })],
  ['lists automations', 'listAutomations', 200, () => viaPrism(`${base}/automations`, { key: full })],
  [
    'creates an automation',
    'createAutomation',
    201,
    () =>
      viaPrism(`${base}/automations`, {
        key: full,
        body: { name: 'Nightly', trigger: { event: 'schedule', cron: '0 3 * * *' }, action: { type: 'summarize' } },
      }),
  ],
  [
    'refuses a read-only key on a write route with 403',
    'createAutomation',
    403,
    () =>
      viaPrism(`${base}/automations`, {
        key: mock.server.app.presetKeys.readonly,
        body: { name: 'x', trigger: { event: 'file.uploaded' }, action: { type: 'summarize' } },
      }),
  ],
  ['lists suggestions', 'listSuggestions', 200, () => viaPrism(`${base}/suggestions`, { key: full })],
  [
    'creates a suggestion',
    'createSuggestion',
    201,
    () =>
      viaPrism(`${base}/suggestions`, {
        key: full,
        body: { fileId: state.files[0].id, kind: 'set_description', proposal: { description: 'Board pack.' } },
      }),
  ],
  ['lists shares', 'listShares', 200, () => viaPrism(`${base}/shares`, { key: full })],
  ['lists transfers', 'listTransfers', 200, () => viaPrism(`${base}/transfers`, { key: full })],
  [
    'answers Prefer: code=429 with the documented example',
    'listWorkspaces',
    429,
    () => viaPrism('/workspaces', { key: full, headers: { prefer: 'code=429' } }),
  ],
];

const ADD_TAGS_WITHOUT_TAGS = { name: 'x', trigger: { event: 'file.uploaded' }, action: { type: 'add_tags' } };

const direct: Step[] = [
  ['answers no key with 401', 'listWorkspaces', 401, () => mock.call('/workspaces')],
  [
    'refuses an add_tags automation without tags with 422',
    'createAutomation',
    422,
    () => mock.call(`${base}/automations`, { key: full, body: ADD_TAGS_WITHOUT_TAGS }),
  ],
  [
    'answers an unknown body field with 422',
    'updateFile',
    422,
    () => mock.call(`${base}/files/${state.files[0].id}`, { method: 'PATCH', key: full, body: { colour: 'red' } }),
  ],
  [
    'answers malformed JSON with 400',
    'createSuggestion',
    400,
    () => mock.call(`${base}/suggestions`, { key: full, rawBody: '{"fileId":', headers: { 'content-type': 'application/json' } }),
  ],
  ['answers a bad path parameter with 400', 'listBuckets', 400, () => mock.call('/workspaces/bad%20id/buckets', { key: full })],
];

describe('a tour of every operation through a Prism validation proxy', () => {
  for (const [name, operationId, status, send] of toured) {
    it(`${operationId} ${name}, valid for Prism and Ajv`, async () => {
      const answer = await send();
      expect(prismResponseViolations(answer)).toEqual([]);
      expectValid(operationId, answer, status);
    });
  }
  for (const [name, operationId, status, send] of direct) {
    it(`${operationId} ${name} (direct), valid for Ajv`, async () => expectValid(operationId, await send(), status));
  }
  it('Prism refuses an add_tags automation without tags by itself: the schema states the condition (G32)', async () => {
    const answer = await viaPrism(`${base}/automations`, { key: full, body: ADD_TAGS_WITHOUT_TAGS });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain("required property 'tags'");
  });
  it('the proxy would catch a broken response (the response-missing-field fault)', async () => {
    mock.server.app.setFaults(['response-missing-field']);
    try {
      const answer = await viaPrism(`${base}/files?limit=1`, { key: full });
      expect(answer.status).toBe(500);
      expect(prismResponseViolations(answer)).not.toEqual([]);
    } finally {
      mock.server.app.setFaults([]);
    }
  });

  it('covered every operation of the route table', () => {
    expect([...routes.keys()].filter((id) => !seen.has(id))).toEqual([]);
  });
});
