// One check per configured key: it is served on a route of each scope it
// declares, refused on a route of each scope it does not, and reaches exactly
// the buckets its bucketIds name. Every call is valid and acts on the run's own
// test files (scope-proofs.ts), so no order of checks is assumed. A failing
// KEY check records each route, scope and bucket where its key misbehaved, so
// the failures of other checks that used the key there say the config may be at
// fault (report/misdeclared-keys.ts).
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import { expectedScope, holdsScope, reachesBucket } from '../oracles/who-may-call.ts';
import type { Exchange } from '../http/api-client.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { KeyFinding } from '../plan/key-finding.ts';
import { CheckFailure, describeResponse } from '../client/assert.ts';
import { checkIds } from '../plan/check-ids.ts';
import { NotRun } from '../plan/no-verdict.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { callRequest, routeById, type BucketRole } from '../client/request-builder.ts';
import { proofRoutes, provableScopes, targetsOf } from '../operations/scope-proofs.ts';

type Attempt = { route: Route; ex: Exchange; busy: boolean } | { reason: string };

/** Sends the cheapest proof of a scope that the harness can prepare, in the bucket given. */
async function attempt(ctx: CheckRun, g: GeneratorContext, key: string, scope: string, bucket: BucketRole | undefined): Promise<Attempt> {
  const readOnly = ctx.settings.readOnly;
  const routes = proofRoutes(g, scope, readOnly);
  if (routes.length === 0)
    return {
      reason: readOnly
        ? 'only writing routes need it, and --read-only sends none'
        : g.routes.some((r) => expectedScope(r, g.overrides) === scope)
          ? 'only routes whose scope the seed leaves open need it, and overrides.scopes does not state it'
          : 'no route of the spec needs it',
    };
  const reasons: string[] = [];
  for (const { route, proof } of routes) {
    if (ctx.unserved?.has(route.operationId)) {
      reasons.push(`${route.operationId} is not served by the deployment`);
      continue;
    }
    if (route.bucketScoped && !bucket) {
      reasons.push(`${route.operationId} needs a bucket the key reaches`);
      continue;
    }
    const where = bucket ?? 'allowed';
    let call;
    try {
      call = await proof.call(ctx, where, targetsOf(ctx));
    } catch (error) {
      reasons.push(`${route.operationId}: ${(error as Error).message}`);
      continue;
    }
    const ex = await ctx.api.send(callRequest(route, ctx.settings, where, call, { key }));
    // A server error is neither served nor refused: it says nothing of the key, and the route's own checks judge it.
    if (ex.status >= 500) {
      reasons.push(`${route.operationId} answered ${ex.status} (see ${checkIds.served(route.operationId)})`);
      continue;
    }
    if (isSuccess(ex.status)) {
      if (proof.spends) targetsOf(ctx).spend(where, proof.spends);
      await proof.settle?.(ctx, where, ex, call);
    }
    return { route, ex, busy: (proof.busy ?? []).includes(ex.status) };
  }
  return { reason: reasons.join('; ') };
}

interface Finding {
  expected: string;
  ex: Exchange;
  /** Where the key misbehaved, for the notes on other checks' failures. */
  where: Omit<KeyFinding, 'key'>;
}

/** What a KEY check could not prove, and why: a scope held or lacked, or the reach of a bucket. */
type Unproven = { kind: 'holding' | 'lacking' | 'reach'; what: string; reason: string }[];

/** "not proven: holding a; lacking b, c (reason); ..." — one group per reason. */
function unprovenNote(unproven: Unproven): string | undefined {
  if (unproven.length === 0) return undefined;
  const reasons = [...new Set(unproven.map((u) => u.reason))];
  const group = (reason: string) => {
    const of = (kind: Unproven[number]['kind']) => unproven.filter((u) => u.reason === reason && u.kind === kind).map((u) => u.what);
    const [holding, lacking, reach] = [of('holding'), of('lacking'), of('reach')];
    const parts = [holding.length ? `holding ${holding.join(', ')}` : '', lacking.length ? `lacking ${lacking.join(', ')}` : '', ...reach];
    return `${parts.filter(Boolean).join('; ')} (${reason})`;
  };
  return `not proven: ${reasons.map(group).join('; ')}`;
}

export function keyCheck(key: ResolvedKey, g: GeneratorContext): CheckDef {
  const writesIntelligence = holdsScope(key, routeById('updateIntelligence').scope);
  return {
    id: checkIds.key(key.name),
    title: `the key "${key.name}" is served on a route of each scope it declares, refused on one of each scope it lacks, and reaches exactly the buckets of its bucketIds`,
    area: 'auth',
    level: 'core',
    keys: {},
    verifiesKey: key.name,
    // It proves scopes on any route: a refusal rests on that route being served.
    gate: 'every-route',
    // It writes only where the run may (its own test files); in a --read-only run it proves what GETs can and says what is left.
    writes: false,
    fixtures: false,
    // Writing the intelligence instructions back unchanged must not interleave with a check that changes them.
    exclusive: writesIntelligence ? 'updateIntelligence-allowed' : undefined,
    async run(ctx) {
      const reaches = (role: BucketRole) => reachesBucket(key, ctx.settings.buckets[role]);
      // Scope proofs run in a bucket the key reaches, so that only the scope decides.
      const home: BucketRole | undefined = reaches('allowed') ? 'allowed' : reaches('other') ? 'other' : undefined;
      const findings: Finding[] = [];
      const unproven: Unproven = [];
      for (const scope of [...new Set([...key.scopes, ...provableScopes(g)])].sort()) {
        const declared = holdsScope(key, scope);
        const result = await attempt(ctx, g, key.name, scope, home);
        if ('reason' in result) {
          unproven.push({ kind: declared ? 'holding' : 'lacking', what: scope, reason: result.reason });
          continue;
        }
        // A busy answer (a backfill already running) passed the scope, but cannot show a refusal was missed.
        const served = isSuccess(result.ex.status);
        const where = {
          about: 'scope',
          operationId: result.route.operationId,
          scope,
          bucketId: ctx.settings.buckets[home ?? 'allowed'],
        } as const;
        if (declared && !served && !result.busy)
          findings.push({
            expected: `a 2xx answer on ${routeLabel(result.route)} (the key declares ${scope})`,
            ex: result.ex,
            where: { ...where, expected: 'served' },
          });
        if (!declared && served)
          findings.push({
            expected: `a refusal on ${routeLabel(result.route)} (the key does not declare ${scope})`,
            ex: result.ex,
            where: { ...where, expected: 'refused' },
          });
      }
      const scopesUnproven = unproven.length;
      const scopes = new Set([...key.scopes, ...provableScopes(g)]).size;
      const reached = await checkReach(ctx, g, key, reaches, findings, unproven);
      const note = unprovenNote(unproven);
      // A key check that could show nothing of the key (every route it tried answered 5xx, or none was served) is no pass.
      if (findings.length === 0 && scopesUnproven === scopes && reached === 0) {
        const unbuilt = unproven.every((u) => u.reason.split('; ').every((why) => why.endsWith('is not served by the deployment')));
        if (unbuilt) throw new NotRun('unserved', `not served: no route it could be shown on is served (${note})`);
        throw new NotRun('error', `not run: nothing of the key's declaration could be shown (${note})`);
      }
      if (findings.length) {
        // One expectation a line, each with what came back.
        const actual = findings.map((f) => describeResponse(f.ex)).join('\n');
        const misbehaved = findings.map((f) => ({ key: key.name, ...f.where }));
        throw new CheckFailure(
          findings.map((f) => f.expected).join('\n'),
          `${actual}${note ? `\n(${note})` : ''}`,
          findings[0].ex,
          misbehaved,
        );
      }
      return note;
    },
  };
}

/**
 * Sends a bucket-scoped proof of a declared scope to both buckets: served where bucketIds reach, refused elsewhere.
 * Resolves with how many of the two buckets it got an answer on.
 */
async function checkReach(
  ctx: CheckRun,
  g: GeneratorContext,
  key: ResolvedKey,
  reaches: (role: BucketRole) => boolean,
  findings: Finding[],
  unproven: Unproven,
): Promise<number> {
  const scope = key.scopes.find((s) => proofRoutes(g, s, ctx.settings.readOnly).some((r) => r.route.bucketScoped));
  if (!scope) {
    unproven.push({ kind: 'reach', what: 'its bucketIds', reason: 'no scope it declares has a bucket route that can be probed' });
    return 0;
  }
  let answered = 0;
  for (const role of ['allowed', 'other'] as const) {
    const bucket = ctx.settings.buckets[role];
    const result = await attempt(ctx, { ...g, routes: g.routes.filter((r) => r.bucketScoped) }, key.name, scope, role);
    if ('reason' in result) {
      unproven.push({ kind: 'reach', what: `its reach of bucket ${bucket}`, reason: result.reason });
      continue;
    }
    answered++;
    const served = isSuccess(result.ex.status);
    const where = { about: 'bucket', operationId: result.route.operationId, scope, bucketId: bucket } as const;
    if (reaches(role) && !served && !result.busy)
      findings.push({
        expected: `a 2xx answer on ${routeLabel(result.route)} in bucket ${bucket} (its bucketIds include it)`,
        ex: result.ex,
        where: { ...where, expected: 'served' },
      });
    if (!reaches(role) && served)
      findings.push({
        expected: `a refusal on ${routeLabel(result.route)} in bucket ${bucket} (its bucketIds leave it out)`,
        ex: result.ex,
        where: { ...where, expected: 'refused' },
      });
  }
  return answered;
}
