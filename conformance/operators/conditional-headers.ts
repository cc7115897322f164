// Operator: conditional and range requests. If-None-Match (`*`, a made-up
// entity tag), If-Modified-Since (a date to come), If-Match, If-Unmodified-
// Since and Range (`bytes=0-0`, `bytes=0-`, with If-Range): a server or cache
// that evaluates the condition before the key answers 304, 412 or 206 where it
// must refuse (RFC 9110 §13.2.1: preconditions are evaluated only where the
// request would otherwise be served 2xx; §14.2; CATS's header fuzzers;
// PortSwigger, "Web cache deception"). A 304 is served (the judge counts it
// so): to a sender that may not, it confirms the resource and its version,
// and to a barred key on the other bucket it leaks that bucket's state. A
// conforming server refuses the sender as it refuses its plain request; a key
// that may gets any answer but a 5xx.
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

/** A date no resource was changed after, and one every resource was changed after. */
const FUTURE = 'Fri, 01 Jan 2100 00:00:00 GMT';
const PAST = 'Thu, 01 Jan 1970 00:00:00 GMT';

/** Conditions on a read: each may turn the answer into a 304, a 412 or a part. */
const READ_CONDITIONS: [string, Record<string, string>][] = [
  ['If-None-Match: *', { 'If-None-Match': '*' }],
  ['If-None-Match with a made-up entity tag', { 'If-None-Match': '"bucketkit-etag", W/"bucketkit-etag"' }],
  [`If-Modified-Since a date to come`, { 'If-Modified-Since': FUTURE }],
  ['If-Match: *', { 'If-Match': '*' }],
  ['Range: bytes=0-0', { Range: 'bytes=0-0' }],
  ['Range: bytes=0- with If-Range of a date to come', { Range: 'bytes=0-', 'If-Range': FUTURE }],
];

/** Conditions on a write: a server checking them first answers 412 (a refusal) or acts. */
const WRITE_CONDITIONS: [string, Record<string, string>][] = [
  ['If-Match: *', { 'If-Match': '*' }],
  ['If-Unmodified-Since the epoch', { 'If-Unmodified-Since': PAST }],
];

function conditionalVariants(input: OperatorInput): Variant[] {
  const conditions = input.route.method === 'GET' ? READ_CONDITIONS : WRITE_CONDITIONS;
  return distinct(
    conditions.flatMap(([name, headers], i) =>
      variantOf(input, 'conditional-headers', name, (base) => ({ ...base, headers: { ...base.headers, ...headers } }), {
        // One conditional read per route and sender that may not is judged in every run.
        essential: i === 0 && input.route.method === 'GET' && input.sender !== 'holder',
      }),
    ),
  );
}

export const conditionalHeaders: Operator = {
  axis: 'conditional-headers',
  about: 'Adds conditions and ranges: If-None-Match, If-Modified-Since, If-Match, If-Unmodified-Since, Range and If-Range.',
  conformingAnswers: 'refused without a key, the scope or the bucket (not 304, 412 or 206); a key that may: any answer but a 5xx',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: (route, sender) => routeHasSender(route, sender) && (sender !== 'holder' || route.method === 'GET'),
  variants: conditionalVariants,
};
