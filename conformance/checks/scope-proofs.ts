// How a KEY check shows a key holds (or lacks) a scope: per operation, a valid
// call that a key holding the scope is served, ranked by what it leaves on the
// deployment (nothing; a change to the run's own test files, which cleanup
// removes; a resource the API cannot delete, named after the run). Test files
// are made through the harness and reused until a served call spends them.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import type { CheckRun } from '../plan/check-types.ts';
import type { DisposableFiles, FixtureFile } from '../plan/fixture-types.ts';
import { expectedScope, type GeneratorContext } from './generator-context.ts';
import { BUSY } from './operations.ts';
import { isSuccess, operationOf, routeById, routePath, type BucketRole, type OperationCall, type OperationId } from './request-builder.ts';

/** What a served proof leaves behind, cheapest first. */
export const COSTS = ['none', 'own-files', 'kept'] as const;
export type ProofCost = (typeof COSTS)[number];

type TargetKind = 'listed' | 'trashed';

/** Test files the proofs of one KEY check act on, reused across its proofs until a served call spends one. */
export class ProofTargets {
  private readonly cache = new Map<string, Promise<FixtureFile>>();
  constructor(private readonly files: DisposableFiles) {}

  get(bucket: BucketRole, kind: TargetKind): Promise<FixtureFile> {
    const name = `${bucket}:${kind}`;
    let file = this.cache.get(name);
    if (!file) {
      file = this.files.create(bucket, { trashed: kind === 'trashed' });
      // A failed creation is not cached: the next proof tries again.
      file.catch(() => this.cache.delete(name));
      this.cache.set(name, file);
    }
    return file;
  }

  spend(bucket: BucketRole, kind: TargetKind): void {
    this.cache.delete(`${bucket}:${kind}`);
  }
}

const targetsByRun = new WeakMap<CheckRun, ProofTargets>();

/** The proof targets of a check run: KEY checks run concurrently, and one's proof must not spend another's file. */
export function targetsOf(ctx: CheckRun): ProofTargets {
  let targets = targetsByRun.get(ctx);
  if (!targets) targetsByRun.set(ctx, (targets = new ProofTargets(ctx.files)));
  return targets;
}

export interface Proof<K extends OperationId = OperationId> {
  cost: ProofCost;
  /** The target a served call spends. */
  spends?: TargetKind;
  /** Statuses that show the key was let through to a busy operation (see Scenario.busy). */
  busy?: number[];
  /** Builds the call; throws when the harness cannot prepare it (the proof is then not possible). */
  call(ctx: CheckRun, bucket: BucketRole, targets: ProofTargets): Promise<OperationCall<K>>;
  /** After a 2xx: what the harness does so nothing stays behind (finish the upload, so cleanup removes it). */
  settle?(ctx: CheckRun, bucket: BucketRole, ex: Exchange, call: OperationCall<K>): Promise<void>;
}

const READ: Proof = { cost: 'none', call: async () => ({}) };

/** The instructions as they are now, so a PATCH can write them back unchanged. */
async function currentInstructions(ctx: CheckRun, bucket: BucketRole): Promise<string | null> {
  const route = routeById('getIntelligence');
  const ex = await ctx.api.send({
    method: 'GET',
    path: routePath(route, ctx.settings, bucket),
    auth: { key: ctx.harnessKey([route.scope], bucket) },
  });
  const instructions = (ex.json as { instructions?: unknown } | undefined)?.instructions;
  if (!isSuccess(ex.status) || (typeof instructions !== 'string' && instructions !== null))
    throw new Error(`the current intelligence instructions could not be read (${ex.status})`);
  return instructions;
}

const PROOFS: { [K in OperationId]: Proof<K> | undefined } = {
  listWorkspaces: READ,
  listBuckets: READ,
  listFiles: READ,
  getIntelligence: READ,
  listAutomations: READ,
  getTrash: READ,
  listSuggestions: READ,
  listShares: READ,
  listTransfers: READ,
  presignDownload: {
    cost: 'none',
    call: async (_ctx, bucket, t) => ({ json: { fileId: (await t.get(bucket, 'listed')).id, disposition: 'attachment' } }),
  },
  runBucketAgent: { cost: 'none', call: async () => ({ json: { prompt: 'Which files are here? (bucketkit key check)' } }) },
  // The run's own file with its current values: a PATCH that changes nothing.
  updateFile: {
    cost: 'own-files',
    call: async (_ctx, bucket, t) => {
      const file = await t.get(bucket, 'listed');
      return { fileId: file.id, json: { tags: file.tags, description: file.description } };
    },
  },
  // Its current instructions written back: a PATCH that changes nothing.
  updateIntelligence: {
    cost: 'none',
    call: async (ctx, bucket) => ({ json: { instructions: await currentInstructions(ctx, bucket) } }),
  },
  presignUpload: {
    cost: 'own-files',
    call: async (ctx) => ({ json: { path: `${ctx.settings.runPrefix}keys/${ctx.unique()}.txt`, contentType: 'text/plain', size: 1 } }),
    // Finish the upload, so the file is the run's and cleanup removes it.
    settle: async (ctx, bucket, ex, call) => {
      const body = ex.json as { fileId?: string; url?: string; headers?: Record<string, string> } | undefined;
      if (body?.url) await ctx.api.send({ method: 'PUT', path: body.url, rawBody: 'k', contentType: 'text/plain', headers: body.headers });
      await ctx.files.adopt(bucket, body?.fileId ?? '', call.json?.path ?? '');
    },
  },
  trashFiles: {
    cost: 'own-files',
    spends: 'listed',
    call: async (_ctx, bucket, t) => ({ json: { fileIds: [(await t.get(bucket, 'listed')).id] } }),
  },
  updateTrash: {
    cost: 'own-files',
    spends: 'trashed',
    call: async (_ctx, bucket, t) => ({ json: { restore: [(await t.get(bucket, 'trashed')).id] } }),
  },
  moveFiles: {
    cost: 'own-files',
    spends: 'listed',
    call: async (ctx, bucket, t) => ({
      json: { fileIds: [(await t.get(bucket, 'listed')).id], destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } },
    }),
  },
  startIntelligenceBackfill: {
    cost: 'kept',
    busy: BUSY,
    call: async (ctx) => ({ json: { prefix: ctx.settings.runPrefix, force: false } }),
  },
  createAutomation: {
    cost: 'kept',
    call: async (ctx) => ({
      json: {
        name: `bucketkit key check ${ctx.settings.runId} ${ctx.unique()}`,
        enabled: false,
        trigger: { event: 'file.uploaded', prefix: ctx.settings.runPrefix },
        action: { type: 'add_tags', tags: ['bucketkit-probe'] },
      },
    }),
  },
  createSuggestion: {
    cost: 'kept',
    call: async (ctx, bucket, t) => ({
      json: {
        fileId: (await t.get(bucket, 'listed')).id,
        kind: 'add_tags',
        proposal: { tags: ['bucketkit-probe'] },
        reason: `bucketkit key check ${ctx.settings.runId}`,
      },
    }),
  },
  // The seed forbids agent clients to call it: never a proof.
  completeUpload: undefined,
};

/** A route that can prove a scope, with its proof. */
export interface ScopeRoute {
  route: Route;
  proof: Proof;
}

/** The routes that can prove a scope, cheapest first (only GETs when `readOnly`). */
export function proofRoutes(g: GeneratorContext, scope: string, readOnly: boolean): ScopeRoute[] {
  const rank = (p: Proof) => COSTS.indexOf(p.cost);
  return g.routes
    .filter((route) => expectedScope(route, g.overrides) === scope && (!readOnly || route.method === 'GET'))
    .flatMap((route) => {
      const proof: Proof | undefined = PROOFS[operationOf(route)];
      return proof ? [{ route, proof }] : [];
    })
    .sort((a, b) => rank(a.proof) - rank(b.proof));
}

/** Every scope some route can prove (the scopes a key may hold or lack). */
export function provableScopes(g: GeneratorContext): string[] {
  return [...new Set(g.routes.filter((r) => PROOFS[operationOf(r)]).map((r) => expectedScope(r, g.overrides)))].sort();
}
