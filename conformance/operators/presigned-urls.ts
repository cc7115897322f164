// Id substitution in presigned URLs: a URL the route gave for the allowed
// bucket, with one path segment or query value that is an id of the allowed
// bucket swapped for its counterpart in the other bucket, and with each query
// value (a token, a signature) swapped for the one the other bucket's URL
// carries. Sent as the URL is used (no key, the method its answer names).
// A conforming server serves a URL only for what it was granted: it refuses
// (404, 403) anything swapped, or serves the granted file itself. Such a URL
// lies outside the API's base path, where no rule over the run's exchanges
// reads it: each download variant carries the URL as granted (`canonical`)
// to compare. An upload URL is sent with its bytes (the size its grant
// declared, the headers it named) and has no such twin, its grant being used
// once: where its upload landed is the effects watch's to judge (a file in
// the other bucket is a change no key allowed there made).
import type { OperatorInput, PresignedUpload, Variant } from './operator-types.ts';
import { answerFieldsOf } from './contract-fields.ts';
import { counterpartOf } from './run-values.ts';
import { variantOf } from './variant-build.ts';

/** The method the route's presigned URLs are used with: the one its answer's `method` field allows, else GET. */
function methodOf(input: OperatorInput): string {
  const method = answerFieldsOf(input.contract, input.route).method;
  const value = method?.enum?.[0] ?? method?.const;
  return typeof value === 'string' ? value : 'GET';
}

/** What a PUT to an upload URL carries: the declared number of bytes (at most 64 KiB), with the headers its grant named. */
const bytesOf = ({ size, contentType, headers }: PresignedUpload) => ({
  rawBody: Buffer.alloc(Math.min(size, 64 * 1024), 'x'),
  contentType,
  headers,
});

/** Variants of each presigned URL the route gave for the allowed bucket. */
export function presignedVariants(input: OperatorInput): Variant[] {
  const { route, seen } = input;
  const method = methodOf(input);
  const otherUrl = seen.other.presigned.find((p) => p.operationId === route.operationId)?.url;
  const otherQuery = otherUrl ? new URL(otherUrl).searchParams : new URLSearchParams();
  return seen.allowed.presigned
    .filter((p) => p.operationId === route.operationId)
    .flatMap((granted) => {
      const { url: text } = granted;
      const url = new URL(text);
      const uploads = granted.upload !== undefined;
      const body = granted.upload ? bytesOf(granted.upload) : {};
      const one = (name: string, swapped: URL) =>
        variantOf(input, 'id-substitution', name, () => ({ method, path: swapped.toString(), auth: { none: true }, ...body }), {
          aim: 'allowed',
          // A swapped bucket segment is where an upload lands elsewhere: kept whatever the budget trims.
          preferred: uploads,
        }).map((v): Variant =>
          uploads
            ? v
            : {
                ...v,
                canonical: {
                  method,
                  path: text,
                  auth: { none: true },
                  intent: { ...v.request.intent, variant: 'the presigned URL as granted' },
                },
              },
        );
      const segments = url.pathname.split('/');
      const bySegment = segments.flatMap((segment, i) => {
        const other = segment && counterpartOf(seen, '', decodeURIComponent(segment));
        if (!other) return [];
        const swapped = new URL(url);
        swapped.pathname = segments.map((s, j) => (j === i ? encodeURIComponent(other) : s)).join('/');
        return one(`presigned URL segment ${i} swapped for the other bucket's id`, swapped);
      });
      const byQuery = [...url.searchParams].flatMap(([name, value]) => {
        const swaps: [string, string][] = [];
        const other = counterpartOf(seen, '', value);
        if (other) swaps.push([`presigned URL query '${name}' swapped for the other bucket's id`, other]);
        const foreign = otherQuery.get(name);
        if (foreign !== null && foreign !== value) swaps.push([`presigned URL query '${name}' taken from the other bucket's URL`, foreign]);
        return swaps.flatMap(([label, swapIn]) => {
          const swapped = new URL(url);
          swapped.searchParams.set(name, swapIn);
          return one(label, swapped);
        });
      });
      return [...bySegment, ...byQuery];
    });
}
