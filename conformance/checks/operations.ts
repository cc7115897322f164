// What the suite sends to each operation (bound by operationId): a call that
// succeeds for a key holding the scope, and for mutating routes a probe with a
// unique marker plus a read-back showing whether its effect took place.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckRun } from '../plan/check-types.ts';
import { fileAt, routeById, routePath, type BucketRole, type OperationCall } from './request-builder.ts';
import { uploadBytes } from './upload.ts';

export interface Probe {
  call: OperationCall;
  /** True when the probe's change shows in a read-back. */
  effectVisible(): Promise<boolean>;
}

export interface Scenario {
  /** Which test files the call acts on: none, the shared ones, or a fresh one per call. */
  files: 'none' | 'shared' | 'disposable';
  /** Scopes the harness needs to prepare the call or read its effect back. */
  harnessScopes: string[];
  /** The call changes bucket-wide state: checks using it run one at a time across workers. */
  exclusive?: boolean;
  valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall>;
  probe?(ctx: CheckRun, bucket: BucketRole): Promise<Probe>;
}

const file = async (ctx: CheckRun, bucket: BucketRole) => ctx.files.create(bucket);
const shared = (ctx: CheckRun, bucket: BucketRole) => {
  const f = bucket === 'allowed' ? ctx.fixtures.allowedFile : ctx.fixtures.otherFile;
  if (!f) throw new Error('the shared test files are missing (set-up did not run)');
  return f;
};

/** Reads a GET route with a harness key and returns its JSON body. */
async function read(ctx: CheckRun, operationId: string, bucket: BucketRole, scope: string): Promise<any> {
  const route = routeById(operationId);
  const ex = await ctx.api.send({
    method: 'GET',
    path: routePath(route, ctx.settings, bucket),
    query: { limit: '1000' },
    auth: { key: ctx.harnessKey([scope], bucket) },
  });
  if (ex.status !== 200) throw new Error(`read-back: ${operationId} answered ${ex.status}`);
  return ex.json;
}

const scopeOf = (operationId: string) => routeById(operationId).scope;

const SCENARIOS: Record<string, Scenario> = {
  updateFile: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx, bucket) => ({
      fileId: (await file(ctx, bucket)).id,
      json: { tags: [`bk-${ctx.unique()}`], description: 'Checked by the bucketkit conformance suite.' },
    }),
    probe: async (ctx, bucket) => {
      const f = await file(ctx, bucket);
      const tag = `bk-${ctx.unique()}`;
      return {
        call: { fileId: f.id, json: { tags: [tag] } },
        effectVisible: async () => (await fileAt(ctx, bucket, f.path))?.tags.includes(tag) ?? true,
      };
    },
  },
  presignUpload: {
    files: 'none',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx) => ({
      json: { path: `${ctx.settings.runPrefix}presigned/${ctx.unique()}.txt`, contentType: 'text/plain', size: 5 },
    }),
  },
  presignDownload: {
    files: 'shared',
    harnessScopes: [],
    valid: async (ctx, bucket) => ({ json: { fileId: shared(ctx, bucket).id } }),
  },
  // A real upload whose bytes arrived: a server that let agents finalise uploads would serve it.
  // Needs no shared test files, so it also runs on a server where uploads wait for upload-complete.
  completeUpload: {
    files: 'none',
    harnessScopes: [scopeOf('presignUpload')],
    valid: async (ctx, bucket) => {
      const path = `${ctx.settings.runPrefix}complete/${ctx.unique()}.txt`;
      const up = await uploadBytes(
        ctx.api,
        ctx.settings,
        ctx.harnessKey([scopeOf('presignUpload')], bucket),
        bucket,
        path,
        'bucketkit upload-complete probe\n',
      );
      await ctx.files.adopt(bucket, up.fileId, path);
      return { json: { uploadId: (up.presign.json as { uploadId?: string }).uploadId ?? `upl_${ctx.unique()}` } };
    },
  },
  trashFiles: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx, bucket) => ({ json: { fileIds: [(await file(ctx, bucket)).id] } }),
    probe: async (ctx, bucket) => {
      const f = await file(ctx, bucket);
      return { call: { json: { fileIds: [f.id] } }, effectVisible: async () => (await fileAt(ctx, bucket, f.path)) === undefined };
    },
  },
  moveFiles: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx, bucket) => ({
      json: { fileIds: [(await file(ctx, bucket)).id], destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } },
    }),
    probe: async (ctx, bucket) => {
      const f = await file(ctx, bucket);
      return {
        call: { json: { fileIds: [f.id], destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } } },
        effectVisible: async () => (await fileAt(ctx, bucket, f.path)) === undefined,
      };
    },
  },
  updateIntelligence: {
    files: 'none',
    exclusive: true,
    harnessScopes: [scopeOf('getIntelligence')],
    valid: async (ctx) => ({ json: { instructions: `Checked by bucketkit run ${ctx.settings.runId} (${ctx.unique()}).` } }),
    probe: async (ctx, bucket) => {
      const marker = `bucketkit refused probe ${ctx.unique()}`;
      return {
        call: { json: { instructions: marker } },
        effectVisible: async () => (await read(ctx, 'getIntelligence', bucket, scopeOf('getIntelligence'))).instructions === marker,
      };
    },
  },
  startIntelligenceBackfill: {
    files: 'none',
    harnessScopes: [],
    valid: async (ctx) => ({ json: { prefix: ctx.settings.runPrefix } }),
  },
  runBucketAgent: {
    files: 'none',
    harnessScopes: [],
    valid: async () => ({ json: { prompt: 'Which files are here? (bucketkit conformance probe)' } }),
  },
  createAutomation: {
    files: 'none',
    harnessScopes: [scopeOf('listAutomations')],
    valid: async (ctx) => ({ json: automation(ctx, `bucketkit ${ctx.settings.runId} ${ctx.unique()}`) }),
    probe: async (ctx, bucket) => {
      const name = `bucketkit refused ${ctx.unique()}`;
      return {
        call: { json: automation(ctx, name) },
        effectVisible: async () =>
          (await read(ctx, 'listAutomations', bucket, scopeOf('listAutomations'))).data.some((a: { name: string }) => a.name === name),
      };
    },
  },
  updateTrash: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx, bucket) => ({ json: { restore: [(await ctx.files.create(bucket, { trashed: true })).id] } }),
    probe: async (ctx, bucket) => {
      const f = await ctx.files.create(bucket, { trashed: true });
      return { call: { json: { restore: [f.id] } }, effectVisible: async () => (await fileAt(ctx, bucket, f.path)) !== undefined };
    },
  },
  createSuggestion: {
    files: 'shared',
    harnessScopes: [scopeOf('listSuggestions')],
    valid: async (ctx, bucket) => ({ json: suggestion(shared(ctx, bucket).id, `bucketkit ${ctx.unique()}`) }),
    probe: async (ctx, bucket) => {
      const reason = `bucketkit refused ${ctx.unique()}`;
      return {
        call: { json: suggestion(shared(ctx, bucket).id, reason) },
        effectVisible: async () =>
          (await read(ctx, 'listSuggestions', bucket, scopeOf('listSuggestions'))).data.some(
            (s: { reason: string | null }) => s.reason === reason,
          ),
      };
    },
  },
};

function automation(ctx: CheckRun, name: string) {
  return {
    name,
    enabled: false,
    trigger: { event: 'file.uploaded', prefix: ctx.settings.runPrefix },
    action: { type: 'add_tags', tags: ['bucketkit-probe'] },
  };
}

function suggestion(fileId: string, reason: string) {
  return { fileId, kind: 'add_tags', proposal: { tags: ['bucketkit-probe'] }, reason };
}

/** A read needs no set-up; an unknown mutating operation falls back to its spec example. */
function fallback(route: Route): Scenario {
  return { files: 'none', harnessScopes: [], valid: async () => (route.requestBody ? { json: route.requestBody.example } : {}) };
}

/** The scenario of a route. */
export function scenarioFor(route: Route): Scenario {
  return SCENARIOS[route.operationId] ?? fallback(route);
}
