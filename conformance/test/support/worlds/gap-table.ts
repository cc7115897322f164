// The written meaning of "every answer the seed allows": per gap of the
// register (openapi/GAPS.md, G01–G36) and per other "not shown" a server
// decides (W01–), the choices real servers make, each named by the rule of
// world-rules.ts that plays it everywhere it applies (`mock`: the mock's own).
// A core check must pass every world composed of them (compose.ts).
import type { WorldRuleName } from './world-rules.ts';

export interface Alternative {
  /** What a server that chose it does. */
  choice: string;
  rule: WorldRuleName;
}

export interface GapAlternatives {
  id: string;
  /** Whether a server decides anything here; when not, why (the alternatives then are ones a server may still show). */
  decides: true | { no: string };
  alternatives: Alternative[];
}

const mock = (choice: string): Alternative => ({ choice, rule: 'mock' });
const alt = (choice: string, rule: WorldRuleName): Alternative => ({ choice, rule });
const extraRoute = alt('also serves a route the contract does not list (GET /api/v1/health)', 'extraHealthRoute');

export const GAP_TABLE: GapAlternatives[] = [
  {
    id: 'G01',
    decides: true,
    alternatives: [
      mock("strict request bodies, the contract's response fields"),
      alt('ignores unknown request fields', 'lenientBodies'),
      alt('adds fields to every response object (HAL `_links`)', 'extraResponseFields'),
    ],
  },
  {
    id: 'G02',
    decides: { no: 'the only prefix naming both ids the routes need; a seed rule' },
    alternatives: [mock("the contract's prefixes"), extraRoute],
  },
  {
    id: 'G03',
    decides: true,
    alternatives: [mock('finalises a PUT at once'), alt('lists an uploaded file only 1.5 s after the presign', 'slowUploads')],
  },
  {
    id: 'G04',
    decides: true,
    alternatives: [mock('upload-complete needs files:upload'), alt('upload-complete needs files:write', 'uploadCompleteFilesWrite')],
  },
  {
    id: 'G05',
    decides: true,
    alternatives: [
      mock('shares:read and transfers:read'),
      alt('shares and transfers need files:read', 'gapScopesFilesRead'),
      alt('shares and transfers need buckets:read', 'gapScopesBucketsRead'),
    ],
  },
  {
    id: 'G06',
    decides: true,
    alternatives: [mock('bucketIds filter every listing of buckets and workspaces'), alt('a foreign bucket is 403', 'foreignBucket403')],
  },
  { id: 'G07', decides: { no: 'keys live outside the REST API' }, alternatives: [mock('unknown keys 401'), extraRoute] },
  {
    id: 'G08',
    decides: true,
    alternatives: [mock("the contract's resource fields"), alt('extra fields in every object', 'extraResponseFields')],
  },
  {
    id: 'G09',
    decides: true,
    alternatives: [mock('a running backfill answered again'), alt('a second backfill start is 409', 'backfillConflicts')],
  },
  { id: 'G10', decides: { no: 'no events or webhooks in this API' }, alternatives: [mock('no event route'), extraRoute] },
  {
    id: 'G11',
    decides: true,
    alternatives: [
      mock('application/problem+json'),
      alt('`{"error": {...}}` in application/json', 'otherErrorFormat'),
      alt('JSON:API `{"errors": [...]}` (with every body under `data`)', 'dataEverywhereErrors'),
    ],
  },
  { id: 'G12', decides: true, alternatives: [mock('403 insufficient_scope'), alt('error bodies in its own words', 'otherErrorFormat')] },
  { id: 'G13', decides: true, alternatives: [mock('404, as an absent bucket'), alt('403', 'foreignBucket403')] },
  {
    id: 'G14',
    decides: true,
    alternatives: [mock('no limit'), alt('a token bucket per key answering 429 with Retry-After', 'rateLimited')],
  },
  { id: 'G15', decides: true, alternatives: [mock('limit up to 1000'), alt('limit above 100 refused (400)', 'pageLimit100')] },
  {
    id: 'G16',
    decides: true,
    alternatives: [
      mock('`{data, nextCursor}` cursor pages'),
      alt('bare arrays with a Link header', 'linkHeaderPaging'),
      alt('page numbers in pages of 3', 'pageNumberPaging'),
      alt('`{data, meta}` with `page_token`', 'dataMetaEnvelope'),
      alt('one bare array of the whole listing', 'bareArrayOnePage'),
      alt('`results` with a `next` URL', 'resultsNextUrl'),
      alt('`{"data": …}` around every body, single resources too', 'dataEverywhere'),
    ],
  },
  {
    id: 'G17',
    decides: true,
    alternatives: [mock('filters AND, prefix literal'), alt('listings shown late (eventual)', 'eventualListings')],
  },
  { id: 'G18', decides: { no: 'nothing given to model' }, alternatives: [mock('no route'), extraRoute] },
  { id: 'G19', decides: true, alternatives: [mock('other versions 404'), extraRoute] },
  {
    id: 'G20',
    decides: true,
    alternatives: [mock('405 with Allow'), alt('404 without Allow', 'unlistedMethod404'), alt('HEAD not served', 'headUnserved')],
  },
  {
    id: 'G21',
    decides: true,
    alternatives: [mock('401 with WWW-Authenticate'), alt('error bodies in its own format', 'otherErrorFormat')],
  },
  {
    id: 'G22',
    decides: true,
    alternatives: [
      mock('prefixed hex ids'),
      alt('ids with : . ~ @ + space and non-ASCII', 'oddIds'),
      alt('serial numbers from one sequence', 'serialIds'),
      alt('serial numbers, one sequence per kind', 'serialIdsPerKind'),
      alt('serial numbers per kind, as JSON numbers', 'serialIdsPerKindNumbers'),
    ],
  },
  { id: 'G23', decides: true, alternatives: [mock('422 for a bad path'), alt('unknown request fields ignored', 'lenientBodies')] },
  { id: 'G24', decides: true, alternatives: [mock("the register's ranking"), alt('listings shown late (eventual)', 'eventualListings')] },
  { id: 'G25', decides: { no: 'MCP is out of scope' }, alternatives: [mock('REST only'), extraRoute] },
  { id: 'G26', decides: true, alternatives: [mock('200 with answer and citations'), alt('other 2xx codes', 'otherSuccessShapes')] },
  { id: 'G27', decides: true, alternatives: [mock('the running job again'), alt('409 while one runs', 'backfillConflicts')] },
  { id: 'G28', decides: { no: 'keys are made outside the API' }, alternatives: [mock('no key route'), extraRoute] },
  {
    id: 'G29',
    decides: { no: "only the path end is fixed; the origin is the deployment's" },
    alternatives: [mock('plain origin'), extraRoute],
  },
  { id: 'G30', decides: true, alternatives: [mock('foreign destination 404'), alt('foreign bucket 403', 'foreignBucket403')] },
  {
    id: 'G31',
    decides: true,
    alternatives: [mock('trash newest first, 200'), alt('other 2xx codes (204 for a PATCH)', 'otherSuccessShapes')],
  },
  {
    id: 'G32',
    decides: true,
    alternatives: [mock('discriminated unions, 422 naming the field'), alt('its own error format', 'otherErrorFormat')],
  },
  { id: 'G33', decides: true, alternatives: [mock('a bucket under another workspace 404'), alt('foreign bucket 403', 'foreignBucket403')] },
  {
    id: 'G34',
    decides: true,
    alternatives: [
      mock('reads show writes at once'),
      alt('listings show writes 0.2–0.8 s late', 'eventualListings'),
      alt('uploads listed 1.5 s late', 'slowUploads'),
    ],
  },
  { id: 'G35', decides: true, alternatives: [mock('routes only as written, HEAD as GET'), alt('HEAD not served', 'headUnserved')] },
  {
    id: 'G36',
    decides: true,
    alternatives: [mock('Bearer in any case, one key line'), alt('exactly "Bearer <key>", any other spelling 401', 'strictBearer')],
  },
  // Other "not shown"s a server decides, outside the register's rows.
  { id: 'W01', decides: true, alternatives: [mock('application/json'), alt('a vendor JSON media type', 'vendorJsonType')] },
  { id: 'W02', decides: true, alternatives: [mock('identity coding unless asked'), alt('gzip on every body', 'gzipEverything')] },
  { id: 'W03', decides: true, alternatives: [mock('no validators'), alt('weak ETags, no-store, 304 on a match', 'weakValidators')] },
  {
    id: 'W04',
    decides: true,
    alternatives: [
      mock('201 for creations, 200 for PATCH'),
      alt('200 for creations, 204 for PATCH, bare single pages', 'otherSuccessShapes'),
    ],
  },
];
