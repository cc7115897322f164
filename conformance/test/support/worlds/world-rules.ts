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
import { extraHealthRoute, extraResponseFields, gzipEverything, vendorJsonType, weakValidators } from './wire-choices.ts';

/** What one choice adds to a deployment: proxy rules (made once the mock runs), or how the variant shows its ids. */
export interface WorldPart {
  rules?: (context: VariantContext) => Rule[];
  /** Rules of the wire, outside the id mapping (they see the answer as the client gets it). */
  wire?: Rule[];
  ids?: Pick<VariantOptions, 'serialIds' | 'oddIds'>;
  /** It reshapes listings: a world holds one such rule (a second would reshape the first's shape). */
  shapesListings?: true;
  /** Planted faults the choice takes out of the deployment's reach, so a world holding it does not have them. */
  hides?: string[];
}

const rules =
  (...make: ((context: VariantContext) => Rule)[]) =>
  (context: VariantContext) =>
    make.map((m) => m(context));
const fixed = (rule: Rule): WorldPart => ({ rules: rules(() => rule) });
const shaping = (rule: Rule): WorldPart => ({ rules: rules(() => rule), shapesListings: true });

/** Every rule a gap's alternative may name. */
export const WORLD_RULES = {
  mock: {},
  lenientBodies: fixed(lenientBodies),
  extraResponseFields: fixed(extraResponseFields),
  extraHealthRoute: fixed(extraHealthRoute),
  slowUploads: fixed(slowUploads(1500)),
  eventualListings: { rules: rules((c) => eventualListings({ observerToken: c.fullToken, delayMs: [200, 800] }).rule) },
  otherErrorFormat: fixed(otherErrorFormat),
  foreignBucket403: {
    rules: rules((c) => foreignBucket403({ allowed: c.buckets.allowed, other: c.buckets.other, fullToken: c.fullToken })),
  },
  unlistedMethod404: fixed(unlistedMethod404),
  pageLimit100: fixed(pageLimit(100)),
  linkHeaderPaging: shaping(linkHeaderPaging),
  // Page numbers and one whole page never hand the mock's cursor to a client: a cursor that crosses buckets is unreachable.
  pageNumberPaging: { ...shaping(pageNumberPaging(3)), hides: ['cursor-crosses-buckets'] },
  dataMetaEnvelope: shaping(dataMetaEnvelope),
  bareArrayOnePage: { ...shaping(bareArrayOnePage), hides: ['cursor-crosses-buckets'] },
  resultsNextUrl: shaping(resultsNextUrl),
  dataEverywhere: shaping(dataEverywhere('as-is')),
  dataEverywhereErrors: shaping(dataEverywhere('errors')),
  otherSuccessShapes: shaping(otherSuccessShapes),
  backfillConflicts: { rules: rules(() => backfillConflicts()) },
  // A server without HEAD has no HEAD to leak through.
  headUnserved: { ...fixed(headUnserved), hides: ['head-ignores-bucket-limits', 'head-served-without-key'] },
  rateLimited: { wire: [tokenBucket({ perSecond: 400, burst: 200 }).rule] },
  latency: { wire: [latency([0, 15])] },
  vendorJsonType: fixed(vendorJsonType),
  gzipEverything: { wire: [gzipEverything] },
  weakValidators: { wire: [weakValidators] },
  oddIds: { ids: { oddIds: true } },
  serialIds: { ids: { serialIds: true } },
  serialIdsPerKind: { ids: { serialIds: { perKind: true } } },
  serialIdsPerKindNumbers: { ids: { serialIds: { perKind: true, asNumbers: true } } },
} satisfies Record<string, WorldPart>;

export type WorldRuleName = keyof typeof WORLD_RULES;
