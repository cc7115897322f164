// The seed's rules as judgements over one exchange: what a 2xx, a 5xx or the
// text of an answer must never show, given the key that sent it (its declared
// scopes and bucketIds), the operation it reached and the other bucket's
// markers. Each rule also says which exchanges could show a break at all, so
// a route no such exchange reached is reported as not proven.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Area, Level, Overrides, ResolvedKey, RunSettings } from '../config/config-types.ts';
import type { ExchangeView } from './exchange-view.ts';
import type { OtherBucketMarkers } from './markers.ts';
import { resourceOfRoute } from './id-places.ts';
import { expectedScope, holdsScope, reachesBucket } from './who-may-call.ts';
import { variantBreak } from './variant-breaks.ts';

/** What a rule reads besides the exchange. */
export interface JudgeContext {
  settings: RunSettings;
  keys: Map<string, ResolvedKey>;
  markers: OtherBucketMarkers;
  /** Test files the run made, by id → the bucket id it lives in. */
  fileBuckets: ReadonlyMap<string, string>;
  /** Operations the run found not served. */
  unserved: ReadonlySet<string>;
  /** Operations whose valid call got a server error: their served check fails for it, and what else sent there is blocked. */
  broken?: ReadonlySet<string>;
}

export interface OracleRule {
  /** Id part: ORACLE-<slug>-<operationId>. */
  slug: string;
  area: Area;
  level(route: Route): Level;
  /** "… no exchange of the run <sentence>", the check's title. */
  sentence(route: Route, overrides: Overrides): string;
  /** Whether the rule applies to the route at all (no check is made otherwise). */
  appliesTo(route: Route): boolean;
  /** Whether the exchange could show a break of the rule on the route. */
  relevant(view: ExchangeView, route: Route, ctx: JudgeContext): boolean;
  /** What the exchange broke (one line), or undefined. */
  broken(view: ExchangeView, route: Route, ctx: JudgeContext): string | undefined;
}

/** The scopes of every operation an exchange may be taken for. */
const scopesOf = (view: ExchangeView, overrides: Overrides) =>
  loadRouteTable().flatMap((route) => (view.operations.includes(route.operationId) ? [expectedScope(route, overrides)] : []));
const keyOf = (view: ExchangeView, ctx: JudgeContext) => (view.entry.auth.kind === 'key' ? ctx.keys.get(view.entry.auth.key) : undefined);
const barred = (key: ResolvedKey | undefined, ctx: JudgeContext) => key !== undefined && !reachesBucket(key, ctx.settings.buckets.other);

export const ORACLE_RULES = [
  {
    slug: 'scope',
    area: 'scopes',
    level: (route) => (route.scopeSource === 'seed' ? 'core' : 'profile'),
    sentence: (route, o) => `served a key that lacks ${expectedScope(route, o)}`,
    appliesTo: () => true,
    // An exchange that may be taken for several operations (a GET carrying a method override) shows a break only
    // when the key holds none of their scopes: a 2xx may be the GET its key may read (its own check judges that).
    relevant: (view, _route, ctx) => {
      const key = keyOf(view, ctx);
      return key !== undefined && scopesOf(view, ctx.settings.overrides).every((scope) => !holdsScope(key, scope));
    },
    broken: (view, route, ctx) => {
      const key = keyOf(view, ctx)!;
      return view.served
        ? `${view.entry.status} to key "${key.name}", which lacks ${expectedScope(route, ctx.settings.overrides)}`
        : undefined;
    },
  },
  {
    slug: 'auth',
    area: 'auth',
    level: () => 'core',
    sentence: () => 'served a request without a valid bearer key',
    appliesTo: () => true,
    relevant: (view) => view.entry.auth.kind === 'invalid',
    broken: (view) => (view.served && view.entry.auth.kind === 'invalid' ? `${view.entry.status} with ${view.entry.auth.how}` : undefined),
  },
  {
    slug: 'bucket-limits',
    area: 'bucket-limits',
    level: () => 'core',
    sentence: () =>
      'showed a key barred from the other bucket anything of that bucket (its files, trash, automations, suggestions, shares, transfers), or served it that bucket',
    appliesTo: (route) => route.bucketScoped,
    relevant: (view, _route, ctx) => barred(keyOf(view, ctx), ctx),
    broken: (view, route, ctx) => {
      const key = keyOf(view, ctx)!;
      const other = ctx.settings.buckets.other;
      if (view.served && view.params.bucketId === other)
        return `${view.entry.status} on bucket ${other} to key "${key.name}", whose bucketIds leave it out`;
      const marker = ctx.markers.shownIn(
        view.entry.text,
        { url: view.entry.url, body: view.entry.sent.body },
        resourceOfRoute(route.operationId),
      );
      if (marker) return `the answer to key "${key.name}" shows ${marker.what} ("${marker.value}")`;
      const variant = variantBreak(view, other, ctx.markers);
      return variant ? `${variant}, to key "${key.name}"` : undefined;
    },
  },
  {
    slug: 'robustness',
    area: 'robustness',
    level: () => 'core',
    sentence: () => 'was answered with a 5xx',
    appliesTo: () => true,
    // A route that answers its valid call with a server error is one cause, its served check's to report, not one per exchange.
    relevant: (_view, route, ctx) => !ctx.unserved.has(route.operationId) && !ctx.broken?.has(route.operationId),
    broken: (view) => (view.entry.status >= 500 ? `${view.entry.status}` : undefined),
  },
  {
    slug: 'file-hierarchy',
    area: 'bucket-limits',
    level: () => 'core',
    sentence: () => 'served a file named under a bucket it does not belong to',
    appliesTo: (route) => route.pathTemplate.includes('{fileId}'),
    relevant: (view, _route, ctx) => {
      const home = ctx.fileBuckets.get(view.params.fileId ?? '');
      return home !== undefined && view.params.bucketId !== undefined && home !== view.params.bucketId;
    },
    broken: (view, _route, ctx) =>
      view.served
        ? `${view.entry.status} for file ${view.params.fileId} (of bucket ${ctx.fileBuckets.get(view.params.fileId)}) under bucket ${view.params.bucketId}`
        : undefined,
  },
  {
    slug: 'workspace-hierarchy',
    area: 'paths',
    // A bucket's workspace in its path is a choice of the gap register (G33): serving it under another one leaks nothing the key could not reach.
    level: () => 'profile',
    sentence: () => 'served a bucket named under a workspace it does not belong to',
    // Upload-complete refuses every API-key client before anything else (G03): nothing there can show the rule.
    appliesTo: (route) => route.bucketScoped && !route.agentForbidden,
    relevant: (view, _route, ctx) =>
      view.params.workspaceId !== undefined &&
      view.params.workspaceId !== ctx.settings.workspaceId &&
      [ctx.settings.buckets.allowed, ctx.settings.buckets.other].includes(view.params.bucketId ?? ''),
    broken: (view) =>
      view.served ? `${view.entry.status} for bucket ${view.params.bucketId} under workspace ${view.params.workspaceId}` : undefined,
  },
] as const satisfies readonly OracleRule[];

/** The slug of a rule the suite judges (ORACLE-<slug>-<operationId>). */
export type RuleSlug = (typeof ORACLE_RULES)[number]['slug'];
