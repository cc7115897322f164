// The rules a generated world is built of, by name: each turns the mock into
// a deployment that made one choice where the seed says "not shown", applied
// everywhere it applies. `mock` is the mock's own choice (no rule). The gap
// table (gap-table.ts) names these; a composition (compose.ts) stacks them.
import type { Rule } from '../loopback-proxy.ts';
import type { VariantContext, VariantOptions } from '../variant.ts';
import {
  backfillConflicts,
  foreignBucket403,
  headUnserved,
  lenientBodies,
  otherErrorFormat,
  otherSuccessShapes,
  pageLimit,
  slowUploads,
  unlistedMethod404,
} from '../other-servers.ts';
import { bareArrayOnePage, dataMetaEnvelope, linkHeaderPaging, pageNumberPaging, resultsNextUrl } from '../listing-shapes.ts';
import { dataEverywhere } from '../data-envelope.ts';
import { eventualListings } from '../eventual-listings.ts';
import { tokenBucket } from '../rate-limit-rules.ts';
import { latency } from '../latency-rule.ts';
import { extraHealthRoute, extraResponseFields, gzipEverything, strictBearer, vendorJsonType, weakValidators } from './wire-choices.ts';
import { loadRouteTable } from '../../../../openapi/contract/load-spec.ts';

/** What one choice adds to a deployment: proxy rules (made once the mock runs), or how the variant shows its ids. */
export interface WorldPart {
  rules?: (context: VariantContext) => Rule[];
  /** Rules of the wire, outside the id mapping (they see the answer as the client gets it). */
  wire?: Rule[];
  ids?: Pick<VariantOptions, 'serialIds' | 'oddIds'>;
  /** It reshapes listings: a world holds one such rule (a second would reshape the first's shape). */
  shapesListings?: true;
  /** The scope a route needs, by operationId, where the deployment chose another than the contract's (G04, G05). */
  scopes?: Record<string, string>;
  /** Planted faults the choice takes out of the deployment's reach, so a world holding it does not have them. */
  hides?: string[];
}

const rules =
  (...make: ((context: VariantContext) => Rule)[]) =>
  (context: VariantContext) =>
    make.map((m) => m(context));
/** Every route whose scope the register assumes under the gap needs `scope` instead (the mock plays it). */
const scopeOfGap = (gap: string, scope: string): WorldPart => ({
  scopes: Object.fromEntries(
    loadRouteTable()
      .filter((route) => route.scopeGap === gap)
      .map((route) => [route.operationId, scope]),
  ),
});
const fixed = (rule: Rule): WorldPart => ({ rules: rules(() => rule) });
const shaping = (rule: Rule): WorldPart => ({ rules: rules(() => rule), shapesListings: true });

/** Faults of a query's raw bytes, out of reach behind a shape that asks the mock with a query it rebuilt. */
const REBUILT_QUERY = ['query-not-utf8-500'];

/**
 * Faults whose bypass the serial-id proxy cannot carry: it maps a serial id where it stands alone, in a path segment
 * or a body field of the mock's spelling, and writes a body it mapped anew. Out of its reach are an id inside a
 * path-like value (`?prefix=../7/`, `destination.prefix: "../7/"`: a serial id inside a string is any digit), an id
 * under another spelling of its field (`bucket_id`), an id in another form (` 7`, case), and a body's own bytes
 * (a member written twice, a `\u`-escaped name), which the rewritten body no longer has.
 */
const SERIAL_HIDDEN = [
  'prefix-normalised-after-check',
  'move-destination-dotdot',
  'snake-case-bucket-id-honoured',
  'id-case-folded-after-check',
  'id-trimmed-after-check',
  'duplicate-key-last-wins',
  'escaped-field-name-unchecked',
];

/** Every rule a gap's alternative may name. */
export const WORLD_RULES = {
  mock: {},
  lenientBodies: fixed(lenientBodies),
  extraResponseFields: fixed(extraResponseFields),
  extraHealthRoute: fixed(extraHealthRoute),
  slowUploads: fixed(slowUploads(1500)),
  // The proxy serves every listing page after the first itself (its own cursors): the mock never meets a cursor,
  // so its faults on later pages are out of reach.
  eventualListings: {
    rules: rules((c) => eventualListings({ observerToken: c.fullToken, delayMs: [200, 800] }).rule),
    hides: ['filters-dropped-after-first-page', 'cursor-crosses-buckets', 'cursor-ignored'],
  },
  otherErrorFormat: fixed(otherErrorFormat),
  foreignBucket403: {
    rules: rules((c) => foreignBucket403({ allowed: c.buckets.allowed, other: c.buckets.other, fullToken: c.fullToken })),
  },
  unlistedMethod404: fixed(unlistedMethod404),
  pageLimit100: fixed(pageLimit(100)),
  linkHeaderPaging: shaping(linkHeaderPaging),
  // Page numbers and one whole page never hand the mock's cursor to a client: a cursor that crosses buckets is
  // unreachable. A shape with its own paging parameters asks the mock with a query of its own making: the client's
  // raw bytes (not UTF-8) never reach it, and page numbers set `limit` themselves (a bad or a largest one never
  // reaches it): pages of 3 hold every file a filter check tags, so no cursor page is left to drop filters on.
  pageNumberPaging: {
    ...shaping(pageNumberPaging(3)),
    hides: [
      'cursor-crosses-buckets',
      ...REBUILT_QUERY,
      'query-nul-500',
      'bad-query-500',
      'limit-max-spans-buckets',
      'filters-dropped-after-first-page',
    ],
  },
  dataMetaEnvelope: { ...shaping(dataMetaEnvelope), hides: REBUILT_QUERY },
  bareArrayOnePage: { ...shaping(bareArrayOnePage), hides: ['cursor-crosses-buckets', ...REBUILT_QUERY] },
  resultsNextUrl: { ...shaping(resultsNextUrl), hides: REBUILT_QUERY },
  dataEverywhere: { ...shaping(dataEverywhere('as-is')), hides: REBUILT_QUERY },
  dataEverywhereErrors: { ...shaping(dataEverywhere('errors')), hides: REBUILT_QUERY },
  otherSuccessShapes: shaping(otherSuccessShapes),
  backfillConflicts: { rules: rules(() => backfillConflicts()) },
  // A server without HEAD has no HEAD to leak through.
  headUnserved: { ...fixed(headUnserved), hides: ['head-ignores-bucket-limits', 'head-served-without-key'] },
  rateLimited: { wire: [tokenBucket({ perSecond: 400, burst: 200 }).rule] },
  latency: { wire: [latency([0, 15])] },
  vendorJsonType: fixed(vendorJsonType),
  gzipEverything: { wire: [gzipEverything] },
  weakValidators: { wire: [weakValidators] },
  strictBearer: fixed(strictBearer),
  uploadCompleteFilesWrite: scopeOfGap('G04', 'files:write'),
  gapScopesFilesRead: scopeOfGap('G05', 'files:read'),
  gapScopesBucketsRead: scopeOfGap('G05', 'buckets:read'),
  oddIds: { ids: { oddIds: true } },
  // The serial-id proxy maps ids that stand alone, not one inside a path-like value: a fault reached only through
  // such a value is out of its reach.
  serialIds: { ids: { serialIds: true }, hides: SERIAL_HIDDEN },
  serialIdsPerKind: { ids: { serialIds: { perKind: true } }, hides: SERIAL_HIDDEN },
  serialIdsPerKindNumbers: { ids: { serialIds: { perKind: true, asNumbers: true } }, hides: SERIAL_HIDDEN },
} satisfies Record<string, WorldPart>;

export type WorldRuleName = keyof typeof WORLD_RULES;
