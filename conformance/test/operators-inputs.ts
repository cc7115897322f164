// Test support for the operator catalogue: each route's valid request on a
// bucket (the contract's example body with the bucket's real ids in the id
// fields the schema declares), the input of an operator for a route and a
// sender, and a tiny local judge that says whether an answer shows a variant
// reached a fault (it is not the suite's oracle, only proof the variants bite).
import { fillPath, type Route, isSuccess } from '../../openapi/contract/route-table.ts';
import type { Auth } from '../http/api-client.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { bodyFieldsOf } from '../operators/contract-fields.ts';
import { withValueAt, valueAt } from '../operators/run-values.ts';
import type { BucketSeen, OperatorContract, OperatorInput, RunSeen, Sender, Variant } from '../operators/operator-types.ts';
import type { Answer } from './operators-bench.ts';

let unique = 0;

/** The bucket's file a route's valid request names: one per route in turn, so one route trashing its file leaves the others theirs. */
const fileFor = (contract: OperatorContract, route: Route, bucket: BucketSeen): string =>
  bucket.fileIds[contract.routes.indexOf(route) % bucket.fileIds.length];

/** The route's example body with the bucket's ids in its id fields (a trashed file where the list restores or purges). */
function bodyFor(contract: OperatorContract, route: Route, bucket: BucketSeen): unknown {
  let body = structuredClone(route.requestBody?.example);
  if (body === undefined) return undefined;
  for (const f of bodyFieldsOf(contract, route)) {
    const current = valueAt(body, f.pointer);
    if (current === undefined) continue;
    const trash = /restore|purge/.test(f.pointer.join('.'));
    if (f.shape === 'id' && f.kind === 'file') body = withValueAt(body, f.pointer, fileFor(contract, route, bucket));
    if (f.shape === 'id' && f.kind === 'bucket') body = withValueAt(body, f.pointer, bucket.bucketId);
    if (f.shape === 'ids') body = withValueAt(body, f.pointer, [trash ? bucket.trashedFileIds[0] : fileFor(contract, route, bucket)]);
    if (f.shape === 'path' && f.pointer.join('.') === 'path') body = withValueAt(body, f.pointer, `bucketkit-operators/${++unique}.txt`);
  }
  return body;
}

/** The route's valid request on a bucket with the given auth. */
export function validRequest(contract: OperatorContract, route: Route, seen: RunSeen, bucket: BucketSeen, auth: Auth): IntendedRequest {
  const path = fillPath(route.pathTemplate, {
    workspaceId: seen.workspaceId,
    bucketId: bucket.bucketId,
    fileId: fileFor(contract, route, bucket),
  });
  const json = bodyFor(contract, route, bucket);
  return { method: route.method, path, auth, ...(json === undefined ? {} : { json }), intent: { operationId: route.operationId } };
}

/** The key a sender sends with on the route (bench key names). */
export const keyOf = (route: Route, sender: Sender): string | undefined =>
  sender === 'none' ? undefined : sender === 'lacking' ? `lacking:${route.operationId}` : 'scoped';

/** An operator's input for the route and sender. */
export function inputFor(
  contract: OperatorContract,
  seen: RunSeen,
  route: Route,
  sender: Sender,
  token: (name: string) => string = (name) => `tok_${name.replace(/\W/g, '')}_0123456789abcdef`,
): OperatorInput {
  const key = keyOf(route, sender);
  const auth: Auth = key ? { key } : { none: true };
  return {
    route,
    sender,
    contract,
    seen,
    token: key ? () => token(key) : undefined,
    mayCall: {
      allowed: { key: 'scoped' },
      ...(route.bucketScoped ? { other: { key: 'full' } } : {}),
      token: () => token('scoped'),
    },
    valid: {
      allowed: validRequest(contract, route, seen, seen.allowed, auth),
      ...(route.bucketScoped ? { other: validRequest(contract, route, seen, seen.other, auth) } : {}),
    },
  };
}

/** What a made-up run has seen, for tests that send nothing. */
export function sampleSeen(): RunSeen {
  const bucket = (id: string, tag: string): BucketSeen => ({
    bucketId: id,
    fileIds: [`file_${tag}1`, `file_${tag}2`, `file_${tag}3`],
    trashedFileIds: [`file_${tag}t1`, `file_${tag}t2`],
    paths: [`docs/${tag}.txt`],
    cursors: { listFiles: `cursor_${tag}` },
    presigned: [{ operationId: 'presignDownload', url: `https://files.example.com/__downloads/file_${tag}1?token=tok${tag}` }],
  });
  return {
    workspaceId: 'ws_main',
    otherWorkspaceId: 'ws_else',
    allowed: bucket('bkt_allowed', 'a'),
    other: bucket('bkt_other', 'o'),
    credentials: [
      { via: 'cookie', name: 'sid', value: 'session123' },
      { via: 'header', name: 'X-Session-Token', value: 'sess-token-1' },
    ],
  };
}

/** Every string that stands as a whole value in a JSON text (nothing for a text that is not JSON). */
function wholeValues(text: string): Set<string> {
  const values = new Set<string>();
  const walk = (node: unknown): void => {
    if (typeof node === 'string') values.add(node);
    else if (node !== null && typeof node === 'object') Object.values(node).forEach(walk);
  };
  try {
    walk(JSON.parse(text));
  } catch {
    // Not JSON: nothing stands as a value.
  }
  return values;
}

/**
 * Why the answer shows the variant broke its rule, or undefined: a 5xx always; a 2xx to a variant a conforming
 * server refuses; for one it may serve as the canonical request, a 2xx holding the other bucket's id as a value,
 * or a file id or path of it the request did not carry, or, for a URL outside the API, other bytes than the
 * canonical URL's.
 */
export function brokenBy(variant: Variant, answer: Answer, seen: RunSeen, canonical?: Answer): string | undefined {
  if (answer.status >= 500) return `${answer.status}`;
  // A 304 serves the request as a 2xx would (RFC 9110 §13.2.1), as the suite's judge counts it.
  const served = isSuccess(answer.status) || answer.status === 304;
  if (!served || variant.conforming === 'no-5xx') return undefined;
  if (variant.conforming === 'refusal') return `${answer.status} to a ${variant.sender} sender`;
  if (canonical) return answer.text !== canonical.text ? `${answer.status} with other content than the URL as granted` : undefined;
  const values = wholeValues(answer.text);
  if (values.has(seen.other.bucketId)) return `${answer.status} holding the other bucket's id`;
  const sent = JSON.stringify(variant.request);
  const leaked = [...seen.other.fileIds, ...seen.other.trashedFileIds, ...seen.other.paths].find((v) => values.has(v) && !sent.includes(v));
  return leaked ? `${answer.status} holding ${leaked} of the other bucket` : undefined;
}
