// What the suite sends to each operation of the spec (a table keyed by
// operationId): a call that succeeds for a key holding the scope, and for
// mutating routes an effect probe with a unique marker plus a read-back
// showing whether its effect took place. Request bodies are typed from the spec.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckRun } from '../plan/check-types.ts';
import { fileAt, listHas, readBody } from './read-back.ts';
import {
  isSuccess,
  operationOf,
  routeById,
  type BucketRole,
  type JsonBody,
  type OperationCall,
  type OperationId,
} from './request-builder.ts';
import { presign, uploadBytes } from './upload.ts';
import { presignRefused } from './setup-error.ts';

/** A mutating call with a unique marker, and a read-back saying whether its change shows. */
export interface EffectProbe<K extends OperationId = OperationId> {
  call: OperationCall<K>;
  /** True when the probe's change shows in a read-back. */
  effectVisible(): Promise<boolean>;
}

export interface Scenario<K extends OperationId = OperationId> {
  /** Which test files the call acts on: none, the shared ones, or a fresh one per call. */
  files: 'none' | 'shared' | 'disposable';
  /** Scopes the harness needs to prepare the call or read its effect back. */
  harnessScopes: string[];
  /** The call changes bucket-wide state: checks using it run one at a time across workers. */
  exclusive?: boolean;
  /** Statuses that show the call reached the operation, which was busy (a backfill already running): the seed does not say a second start succeeds. */
  busy?: number[];
  valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<K>>;
  /** The call proving the route answers at its path, when `valid` cannot (it defaults to `valid`). */
  served?(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<K>>;
  probe?(ctx: CheckRun, bucket: BucketRole): Promise<EffectProbe<K>>;
}

const file = async (ctx: CheckRun, bucket: BucketRole) => ctx.files.create(bucket);
const shared = (ctx: CheckRun, bucket: BucketRole) => {
  const f = bucket === 'allowed' ? ctx.fixtures.allowedFile : ctx.fixtures.otherFile;
  if (!f) throw new Error('the shared test files are missing (set-up did not run)');
  return f;
};
const scopeOf = (operationId: OperationId) => routeById(operationId).scope;

/** A conflict or a rate limit: the operation was reached and declined for now. */
export const BUSY = [409, 429];

const READ: Scenario = { files: 'none', harnessScopes: [], valid: async () => ({}) };

function automation(ctx: CheckRun, name: string): JsonBody<'createAutomation'> {
  return {
    name,
    enabled: false,
    trigger: { event: 'file.uploaded', prefix: ctx.settings.runPrefix },
    action: { type: 'add_tags', tags: ['bucketkit-probe'] },
  };
}

function suggestion(fileId: string, reason: string): JsonBody<'createSuggestion'> {
  return { fileId, kind: 'add_tags', proposal: { tags: ['bucketkit-probe'] }, reason };
}

const SCENARIOS: { [K in OperationId]: Scenario<K> } = {
  listWorkspaces: READ,
  listBuckets: READ,
  listFiles: READ,
  getIntelligence: READ,
  listAutomations: READ,
  getTrash: READ,
  listSuggestions: READ,
  listShares: READ,
  listTransfers: READ,
  updateFile: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles')],
    valid: async (ctx, bucket) => {
      const subject = await file(ctx, bucket);
      return {
        fileId: subject.id,
        json: { tags: [`bk-${ctx.unique()}`], description: 'Checked by the bucketkit conformance suite.' },
        subject,
      };
    },
    probe: async (ctx, bucket) => {
      const f = await file(ctx, bucket);
      const tag = `bk-${ctx.unique()}`;
      return {
        call: { fileId: f.id, json: { tags: [tag] } },
        // A listing without tags shows no effect: the refusal check then rests on the answer alone.
        effectVisible: async () => (await fileAt(ctx, bucket, f.path))?.tags?.includes(tag) === true,
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
    valid: async (ctx, bucket) => ({ json: { fileId: shared(ctx, bucket).id, disposition: 'attachment' } }),
  },
  // A real upload whose bytes arrived: a server that let agents finalise uploads would serve it.
  // Needs no shared test files, so it also runs on a server where uploads wait for upload-complete.
  completeUpload: {
    files: 'none',
    harnessScopes: [scopeOf('presignUpload')],
    valid: async (ctx, bucket) => {
      const path = `${ctx.settings.runPrefix}complete/${ctx.unique()}.txt`;
      const key = ctx.harnessKey([scopeOf('presignUpload')], bucket);
      const up = await uploadBytes(ctx.api, ctx.settings, key, bucket, path, 'bucketkit upload-complete probe\n');
      await ctx.files.adopt(bucket, up.fileId, path);
      return { json: { uploadId: (up.presign.json as { uploadId?: string } | undefined)?.uploadId ?? `upl_${ctx.unique()}` } };
    },
    // An upload still waiting for its bytes exists on any server, whether it forgets finished uploads or not.
    served: async (ctx, bucket) => {
      const path = `${ctx.settings.runPrefix}pending/${ctx.unique()}.txt`;
      const { ex, body } = await presign(ctx.api, ctx.settings, ctx.harnessKey([scopeOf('presignUpload')], bucket), bucket, path, 1);
      if (!isSuccess(ex.status) || !body.uploadId) throw presignRefused(path, ex.status);
      await ctx.files.adopt(bucket, body.fileId ?? '', path);
      return { json: { uploadId: body.uploadId } };
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
    valid: async (ctx, bucket) => {
      const subject = await file(ctx, bucket);
      return { json: { fileIds: [subject.id], destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } }, subject };
    },
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
        effectVisible: async () =>
          ((await readBody(ctx, 'getIntelligence', bucket)) as { instructions?: unknown } | undefined)?.instructions === marker,
      };
    },
  },
  startIntelligenceBackfill: {
    files: 'none',
    harnessScopes: [],
    busy: BUSY,
    valid: async (ctx) => ({ json: { prefix: ctx.settings.runPrefix, force: false } }),
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
        effectVisible: () => listHas<{ name?: unknown }>(ctx, 'listAutomations', bucket, (a) => a.name === name),
      };
    },
  },
  updateTrash: {
    files: 'disposable',
    harnessScopes: [scopeOf('listFiles'), scopeOf('trashFiles')],
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
        effectVisible: () => listHas<{ reason?: unknown }>(ctx, 'listSuggestions', bucket, (s) => s.reason === reason),
      };
    },
  },
};

/** The scenario of a route (every operation of the spec has one: a new operation is a type error here). */
export function scenarioFor(route: Route): Scenario {
  const scenario: Scenario | undefined = SCENARIOS[operationOf(route)];
  if (!scenario) throw new Error(`No scenario for ${route.operationId}: the route table and the spec's types disagree`);
  return scenario;
}
