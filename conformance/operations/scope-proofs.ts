// How a KEY check shows a key holds (or lacks) a scope: the operations whose
// book has a scope proof (a valid call that a key holding the scope is
// served), ranked by what it leaves on the deployment (nothing; a change to
// the run's own test files, which cleanup removes; a resource the API cannot
// delete, named after the run). Test files are made through the harness and
// reused until a served call spends them.
import type { Route } from '../../openapi/contract/route-table.ts';
import { operationOf, type BucketRole } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { DisposableFiles, FixtureFile } from '../plan/fixture-types.ts';
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { BOOKS } from './books.ts';
import { PROOF_COSTS, type ProofTargetFiles, type ProofTargetKind, type ScopeProof } from './operation-book.ts';

/** Test files the proofs of one KEY check act on, reused across its proofs until a served call spends one. */
export class ProofTargets implements ProofTargetFiles {
  private readonly cache = new Map<string, Promise<FixtureFile>>();
  constructor(private readonly files: DisposableFiles) {}

  get(bucket: BucketRole, kind: ProofTargetKind): Promise<FixtureFile> {
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

  spend(bucket: BucketRole, kind: ProofTargetKind): void {
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

/** The scope proof of a route's book, if it has one. */
const proofOf = (route: Route): ScopeProof | undefined => BOOKS[operationOf(route)].proof as ScopeProof | undefined;

/** A route that can prove a scope, with its proof. */
export interface ScopeRoute {
  route: Route;
  proof: ScopeProof;
}

/**
 * Whether the deployment's scope of the route is a fact: the seed states it, or the config's overrides do. A scope
 * the register assumes (G04, G05) may be another on a conforming server, so a key's answer there proves nothing.
 */
export const scopeKnown = (route: Route, g: GeneratorContext): boolean =>
  route.scopeSource === 'seed' || g.overrides.scopes?.[route.operationId] !== undefined;

/** The routes that can prove a scope, cheapest first (only GETs when `readOnly`); only routes whose scope is known. */
export function proofRoutes(g: GeneratorContext, scope: string, readOnly: boolean): ScopeRoute[] {
  const rank = (p: ScopeProof) => PROOF_COSTS.indexOf(p.cost);
  return g.routes
    .filter((route) => scopeKnown(route, g) && expectedScope(route, g.overrides) === scope && (!readOnly || route.method === 'GET'))
    .flatMap((route) => {
      const proof = proofOf(route);
      return proof ? [{ route, proof }] : [];
    })
    .sort((a, b) => rank(a.proof) - rank(b.proof));
}

/** Every scope some route can prove (the scopes a key may hold or lack). */
export function provableScopes(g: GeneratorContext): string[] {
  return [...new Set(g.routes.filter((r) => proofOf(r) && scopeKnown(r, g)).map((r) => expectedScope(r, g.overrides)))].sort();
}
