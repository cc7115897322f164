// The independent server's options: production traits and planted faults,
// all off by default, each checked where it enters with a message naming the
// option and what it takes.
import { loadRouteTable } from '../../../../openapi/contract/load-spec.ts';
import type { OperationId } from '../../../../openapi/contract/operation-types.ts';
import { FAULT_NAMES, type FaultName } from './faults/fault-registry.ts';
import { ID_STYLES, type IdStyle } from './ids.ts';
import { LISTING_SHAPES, type LinkBody, type ListingShapeName } from './listing/shapes.ts';
import type { BlipOptions } from './traits/load-balancer.ts';
import { UNSERVED_STATUSES, type UnservedStatus } from './traits/partial.ts';
import type { RateLimitOptions } from './traits/rate-limit.ts';

export interface IndependentOptions {
  /** Id style of every record (default `prefixed`). */
  ids?: IdStyle;
  listing?: {
    /** Default `cursor` (the contract's). */
    shape?: ListingShapeName;
    /** Items on a page when the client asks for no size (default 20). */
    pageSize?: number;
    /** Larger sizes are capped to this (default 100). */
    maxPageSize?: number;
    /** `link-header` only: a bare array (default) or `{ items }`. */
    linkBody?: LinkBody;
  };
  /** Writes show in listings (and intelligence reads) only this many ms later (default 0). */
  consistencyLagMs?: number;
  /** An upload becomes a file this many ms after its bytes arrive (default 0). */
  uploadDelayMs?: number;
  /** A load balancer's 502 page for about one answer in `oneIn`. */
  blips?: BlipOptions;
  /** Idle keep-alive connections closed after this many ms, unannounced. */
  idleCloseMs?: number;
  /** A per-key token bucket, 429 with Retry-After beyond it. */
  rateLimit?: RateLimitOptions;
  /** Serve only these operations; every other route answers `otherStatus` (404 by default). */
  serves?: { operationIds: readonly OperationId[]; otherStatus?: UnservedStatus };
  /** Set a session cookie on authenticated answers. */
  cookies?: boolean;
  /** Planted faults (see `faults/fault-registry.ts`). */
  faults?: readonly FaultName[];
}

const whole = (name: string, value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) => {
  if (value !== undefined && (!Number.isInteger(value) || (value as number) < min || (value as number) > max))
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
};
const oneOf = (name: string, value: unknown, allowed: readonly unknown[]) => {
  if (value !== undefined && !allowed.includes(value))
    throw new Error(`${name} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}; got ${JSON.stringify(value)}.`);
};

/** Throws a clear error for an option out of range; returns the options. */
export function checkOptions(options: IndependentOptions): IndependentOptions {
  oneOf('ids', options.ids, ID_STYLES);
  oneOf('listing.shape', options.listing?.shape, LISTING_SHAPES);
  oneOf('listing.linkBody', options.listing?.linkBody, ['array', 'items']);
  whole('listing.pageSize', options.listing?.pageSize, 1);
  whole('listing.maxPageSize', options.listing?.maxPageSize, options.listing?.pageSize ?? 1);
  whole('consistencyLagMs', options.consistencyLagMs, 0, 600_000);
  whole('uploadDelayMs', options.uploadDelayMs, 0, 600_000);
  whole('blips.oneIn', options.blips?.oneIn, 1);
  whole('idleCloseMs', options.idleCloseMs, 1);
  if (options.rateLimit && !(options.rateLimit.perSecond > 0)) throw new Error('rateLimit.perSecond must be above 0.');
  whole('rateLimit.burst', options.rateLimit?.burst, 1);
  oneOf('serves.otherStatus', options.serves?.otherStatus, UNSERVED_STATUSES);
  const known = new Set(loadRouteTable().map((r) => r.operationId));
  for (const id of options.serves?.operationIds ?? []) oneOf('serves.operationIds[]', id, [...known]);
  for (const fault of options.faults ?? []) oneOf('faults[]', fault, FAULT_NAMES);
  return options;
}
