// The shapes of the operator catalogue: an operator turns one valid request of
// the run into variants along one axis (a path spelling, a credential form, an
// id from the other bucket, ...), each naming the sender it needs and the rule
// a served variant breaks. Operators only make requests; the oracles judge the
// answers by the rule of the variant's sender.
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Intent, IntendedRequest } from '../oracles/logged-exchange.ts';
import type { SetCredential } from '../http/set-credentials.ts';
import type { Auth } from '../http/api-client.ts';
import type { RuleSlug } from '../oracles/oracle-rules.ts';

/** The axes of the catalogue, one operator (and one file) each. */
export const AXES = [
  'path-spelling',
  'credential-form',
  'credential-channel',
  'method-channel',
  'method-token',
  'request-target',
  'target-rewrite',
  'write-content-type',
  'id-substitution',
  'parameter-pollution',
  'edge-values',
  'head',
  'mass-assignment-single',
  'barred-listing',
  'hierarchy',
  'body-parser',
  'field-spelling',
  'id-forms',
  'filter-values',
  'batch-sizes',
  'forwarded-headers',
  'negotiation',
  'conditional-headers',
  'credential-elsewhere',
  'interleaved-keys',
] as const;
export type Axis = (typeof AXES)[number];

/** The parts of an HTTP request (and of the state a server keeps between requests) the axes vary. */
export const MESSAGE_PARTS = ['request line', 'headers', 'body', 'values', 'sizes', 'state between requests'] as const;
export type MessagePart = (typeof MESSAGE_PARTS)[number];

/** The part of the request each axis varies: the reports count the variants per part, so a part no axis covers shows. */
export const PART_OF_AXIS: Record<Axis, MessagePart> = {
  'path-spelling': 'request line',
  'credential-form': 'headers',
  'credential-channel': 'headers',
  'method-channel': 'request line',
  'write-content-type': 'body',
  'id-substitution': 'body',
  'parameter-pollution': 'values',
  'edge-values': 'values',
  head: 'request line',
  'mass-assignment-single': 'body',
  'barred-listing': 'state between requests',
  hierarchy: 'request line',
  'body-parser': 'body',
  'field-spelling': 'body',
  'id-forms': 'body',
  'filter-values': 'values',
  'batch-sizes': 'sizes',
  'forwarded-headers': 'headers',
  negotiation: 'headers',
  'conditional-headers': 'headers',
  'credential-elsewhere': 'headers',
  'interleaved-keys': 'state between requests',
  'method-token': 'request line',
  'request-target': 'request line',
  'target-rewrite': 'request line',
};

/**
 * Who sends a variant: no key; a key lacking the route's scope; a key holding it but barred (by its bucketIds)
 * from the other bucket; a key that may call the route.
 */
export type Sender = 'none' | 'lacking' | 'barred' | 'holder';
export const SENDERS: readonly Sender[] = ['none', 'lacking', 'barred', 'holder'];

/** Whether the route has the sender: a key barred from the other bucket only on a bucket route. */
export const routeHasSender = (route: Pick<Route, 'bucketScoped'>, sender: Sender): boolean => sender !== 'barred' || route.bucketScoped;

/** The oracle rules (ORACLE-<rule>-<op>) a variant can show broken. */
export type Rule = RuleSlug;

/**
 * The rule a sender's variants are judged by, unless the variant says otherwise (a credential no longer the key:
 * auth; a child named under a parent it does not belong to: that hierarchy's rule).
 */
export const RULE_OF_SENDER: Record<Sender, Rule> = { none: 'auth', lacking: 'scope', barred: 'bucket-limits', holder: 'robustness' };

/**
 * What a conforming server may answer a variant:
 * - `refusal`: any 4xx, a redirect (3xx, not followed), 404/405/415/400; a 2xx breaks the variant's rule;
 * - `refusal-or-canonical`: also a 2xx that is the answer a key that may gets for the canonical request (the
 *   variant's id from the other bucket ignored, the override ignored): a 2xx breaks the rule only when it shows or
 *   changes anything the sender may not reach;
 * - `no-5xx` (the holder): any answer but a 5xx.
 */
export type Conforming = 'refusal' | 'refusal-or-canonical' | 'no-5xx';

/** The intent of a variant: the operation it meant to reach, its name, and its axis. */
export interface AxisIntent extends Intent {
  variant: string;
  axis: Axis;
}

/** A variant's request, naming what it meant to reach. */
export interface AxisRequest extends IntendedRequest {
  intent: AxisIntent;
}

/** One request an operator made from a valid one. */
export interface Variant {
  axis: Axis;
  /** What the variant changed, for people: "literal segment 'files' as 'FILES'". */
  name: string;
  sender: Sender;
  /** The rule a served variant breaks (the sender's, or `auth` for a credential that is no longer the key). */
  rule: Rule;
  conforming: Conforming;
  request: AxisRequest;
  /**
   * The path holds dot segments (`.`, `..`, `%2e`) that a WHATWG URL parser resolves before sending: it must go
   * on the wire exactly as written (a raw HTTP request), or the variant is not the one named.
   */
  rawPath?: true;
  /** Other operations the exchange may be taken for (a method override: the carrier), judged as well (`intent.alsoAs`). */
  judgeAs?: string[];
  /**
   * Sent whatever the budget, outside it: what every route and sender must be judged on in every run (its documented
   * path and plain spellings of it, HEAD, the odd Authorization headers, the GET carrying a write's method, the
   * barred listings, the hierarchies).
   */
  essential?: true;
  /** Kept before the axis's other variants when the budget trims (it carries something of the other bucket). */
  preferred?: true;
  /** A listing read page by page: the pages after the first, as its paging gives them, are sent by the same sender. */
  pages?: true;
  /**
   * The request whose answer a 2xx must equal, where no rule over the API's exchanges can read the variant (a
   * presigned URL outside the base path: the URL as granted). Sent beside the variant and compared by the caller.
   */
  canonical?: AxisRequest;
  /**
   * Requests sent just before the variant, in order, each logged and judged as itself (state between requests: the
   * same request by a key that may, then by the sender). The variant is the exchange its rule judges.
   */
  before?: AxisRequest[];
}

/** A credential the deployment set on an authenticated answer (a cookie, or a token-like header). */
export type { SetCredential };

/** What a PUT of a presigned upload's bytes sends: as many bytes as declared, with the answer's content type and headers. */
export interface PresignedUpload {
  size: number;
  contentType: string;
  headers: Record<string, string | string[]>;
}

/** What the run has seen of one bucket, for variants that reuse it. */
export interface BucketSeen {
  bucketId: string;
  /** Ids of files of the bucket (not trashed). */
  fileIds: string[];
  /** Ids of files in the bucket's trash. */
  trashedFileIds: string[];
  /** Paths of files of the bucket. */
  paths: string[];
  /** A next-page cursor of the bucket's listings, by operationId. */
  cursors: Record<string, string>;
  /**
   * The query that carries a listing's next page as the deployment pages it, by operationId: its own parameter (a
   * `page_token`, an `after`) or, where it does not say which, each likely one set to the token.
   */
  continuations?: Record<string, Record<string, string>>;
  /**
   * Presigned URLs the deployment gave for the bucket, with the operation that gave each; an upload's also with what
   * a PUT of its bytes sends: the size its request declared, the content type and headers its answer named.
   */
  presigned: { operationId: string; url: string; upload?: PresignedUpload }[];
}

/** What the run has seen that variants reuse: both buckets, and the credentials set on authenticated answers. */
export interface RunSeen {
  workspaceId: string;
  /** Another workspace's id the run saw, if any (for the workspace position). */
  otherWorkspaceId?: string;
  allowed: BucketSeen;
  other: BucketSeen;
  credentials: SetCredential[];
}

/** What an operator works from for one route and one sender. */
export interface OperatorInput {
  route: Route;
  sender: Sender;
  /**
   * The route's valid request with the sender's auth (`{ key: name }`, or `{ none: true }`): on the allowed bucket,
   * and on the other bucket for a bucket route (where a barred sender aims what it sends as it is).
   */
  valid: { allowed: IntendedRequest; other?: IntendedRequest };
  /** The sender's token, for variants that rewrite the Authorization header (undefined for `none`). */
  token?: () => string;
  /**
   * A key that may call the route, where the run has one: its auth on the allowed bucket and (a key reaching it) on
   * the other bucket, and its token. For variants that carry its key in a channel the seed does not name, or that
   * send its request beside the sender's.
   */
  mayCall?: { allowed?: Auth; other?: Auth; token?: () => string };
  seen: RunSeen;
  /** The contract: the route table and the bundled spec the variants are derived from. */
  contract: OperatorContract;
}

export interface OperatorContract {
  routes: Route[];
  doc: ApiDocument;
}

/** One axis of the catalogue. */
export interface Operator {
  axis: Axis;
  /** One sentence: what its variants change. */
  about: string;
  /** What a conforming server may answer its variants, in words (the `conforming` of each variant says it exactly). */
  conformingAnswers: string;
  /** The rules its variants can show broken. */
  rules: Rule[];
  /** The senders that send its variants. */
  senders: Sender[];
  /** Whether it makes variants of the route for the sender at all (from the contract alone). */
  applies(route: Route, sender: Sender, contract: OperatorContract): boolean;
  /** The variants of the route's valid request (none when the run has seen nothing the axis reuses). */
  variants(input: OperatorInput): Variant[];
}
