// What the run keeps of each exchange for the rules judged over all of them:
// who sent it, how it authenticated, what it meant to reach, and the answer.
// Kept in memory only: the request as sent may hold a key.
import type { ApiRequest } from '../http/api-client.ts';
import type { CurlRequest } from '../http/curl.ts';

/** What a request meant to reach, when its path alone does not say (a path spelling, a method override, HEAD). */
export interface Intent {
  operationId: string;
  /** What the request varies, e.g. "trailing slash", "X-HTTP-Method-Override: PATCH". */
  variant?: string;
  /** The operation the variant may be taken for (a method override), judged as well. */
  alsoAs?: string;
  /** The axis of an operator variant (operators/), for the count of what each axis found. */
  axis?: string;
  /**
   * What a conforming server may answer an operator variant: `refusal` (a 2xx to a key barred from a bucket its
   * request names breaks bucket-limits), `refusal-or-canonical` (a 2xx may not show the other bucket), `no-5xx`.
   */
  conforming?: 'refusal' | 'refusal-or-canonical' | 'no-5xx';
}

/** A request that says what it meant to reach. */
export interface IntendedRequest extends ApiRequest {
  intent?: Intent;
}

/** How a request authenticated: with a configured key (by name), or without a valid one. */
export type AuthUsed = { kind: 'key'; key: string } | { kind: 'invalid'; how: string };

/** One exchange of the run, as the rules over every exchange see it; kept in memory only (it may hold a key). */
export interface LoggedExchange {
  seq: number;
  owner: string;
  phase: 'check' | 'setup' | 'traffic' | 'cleanup';
  request: ApiRequest;
  /** The request exactly as sent (for a reproduction command; holds tokens). */
  sent: CurlRequest;
  auth: AuthUsed;
  intent?: Intent;
  /** The URL as sent (a key in its query string included). */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The answer's text, cut at LOGGED_TEXT_LIMIT. */
  text: string;
  /** The start of the answer's text with every key form redacted (what reports may show of it). */
  shown?: string;
  /** When the answer arrived (ms since the epoch): which writes came after the effects watch's baseline. */
  at?: number;
  /** The start of the JSON body sent, redacted (kept on disk, where `request` has no body): what a write named. */
  sentBody?: string;
}
