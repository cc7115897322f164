// The typed `call` of a user's own tests: what each operation of the contract takes (its path parameters, query
// and body, required ones required) and the answer it gets (the body typed by status), from the generated contract
// types; and the request it makes, checked where the options enter for callers without types.
import type { Route } from '../../openapi/contract/route-table.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import type {
  DocumentedStatus,
  OperationId,
  PathParameters,
  QueryParameters,
  RequestBody,
  ResponseBody,
} from '../../openapi/contract/operation-types.ts';
import type { BucketRole } from '../client/request-builder.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { ApiRequest, Auth, Exchange } from '../http/api-client.ts';

/** The parameters the run fills itself: its workspace, and the bucket the `bucket` option names. */
type RunFilled = 'workspaceId' | 'bucketId';

type Given<T> = [T] extends [never] ? object : T;

/** The path parameters a call names itself (`fileId`), each required as the path needs it. */
type OwnPath<K extends OperationId> = Omit<Given<PathParameters<K>>, RunFilled>;

/** `bucket` for an operation whose path names one: a bucket of the run by its role (default `allowed`), or any id. */
type BucketOption<K extends OperationId> = 'bucketId' extends keyof Given<PathParameters<K>>
  ? { bucket?: BucketRole | { id: string } }
  : { bucket?: never };

type QueryOption<K extends OperationId> = [QueryParameters<K>] extends [never] ? { query?: never } : { query?: QueryParameters<K> };

type BodyOption<K extends OperationId> = [RequestBody<K>] extends [undefined]
  ? { json?: never }
  : undefined extends RequestBody<K>
    ? { json?: NonNullable<RequestBody<K>> }
    : { json: RequestBody<K> };

/** What `call(operationId, options)` takes for an operation. */
export type CallOptions<K extends OperationId> = OwnPath<K> & BucketOption<K> & QueryOption<K> & BodyOption<K>;

/** The options argument: optional when the operation needs nothing from the caller. */
export type CallArgs<K extends OperationId> = object extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

type Digit = '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
/** Every HTTP status, 100 to 599, as a number literal (so a documented one can be taken out of the rest). */
type HttpStatus = `${1 | 2 | 3 | 4 | 5}${Digit}${Digit}` extends infer T ? (T extends `${infer N extends number}` ? N : never) : never;

/** An answer with status S: its `json` typed as the contract documents the body for S (undefined for no body). */
export type AnswerOf<K extends OperationId, S extends number> = Omit<Exchange, 'status' | 'json'> & {
  status: S;
  json: [ResponseBody<K, S>] extends [never] ? undefined : ResponseBody<K, S>;
};

/**
 * The answer of a call, typed by status: `if (answer.status === 200) answer.json.data` reads the documented body;
 * a status the operation does not document has `json: unknown`.
 */
export type CallAnswer<K extends OperationId> =
  | { [S in DocumentedStatus<K>]: AnswerOf<K, S> }[DocumentedStatus<K>]
  | (Omit<Exchange, 'status' | 'json'> & { status: Exclude<HttpStatus, DocumentedStatus<K>>; json: unknown });

/** The untyped form of the options, as they arrive at run time. */
type RawOptions = Record<string, unknown> & { bucket?: BucketRole | { id: string }; query?: Record<string, unknown>; json?: unknown };

function isBucket(value: unknown): value is BucketRole | { id: string } {
  if (value === 'allowed' || value === 'other') return true;
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * The request of `call(route.operationId, options)`: the run's workspace, the bucket of `bucket` (default the
 * allowed one), the path parameters the options name, the query as strings and the body. Throws a TypeError naming
 * the operation when an option is unknown, a path parameter is missing or a required body is left out.
 */
export function typedCallRequest(route: Route, settings: RunSettings, options: RawOptions, auth: Auth): ApiRequest {
  const op = route.operationId;
  const own = route.pathParams.map((p) => p.name).filter((name) => name !== 'workspaceId' && name !== 'bucketId');
  const takesBucket = route.pathParams.some((p) => p.name === 'bucketId');
  const known = [
    ...own,
    ...(takesBucket ? ['bucket'] : []),
    ...(route.queryParams.length ? ['query'] : []),
    ...(route.requestBody ? ['json'] : []),
  ];
  const unknown = Object.keys(options).filter((name) => !known.includes(name) && options[name] !== undefined);
  if (unknown.length)
    throw new TypeError(`${op} takes no option ${unknown.map((n) => `"${n}"`).join(', ')}; its options: ${known.join(', ') || 'none'}.`);
  const values: Record<string, string> = { workspaceId: settings.workspaceId };
  if (takesBucket) {
    const bucket = options.bucket ?? 'allowed';
    if (!isBucket(bucket)) throw new TypeError(`${op}: bucket must be "allowed", "other" or { id }, got ${JSON.stringify(bucket)}.`);
    values.bucketId = typeof bucket === 'string' ? settings.buckets[bucket] : bucket.id;
  }
  for (const name of own) {
    const value = options[name];
    if (typeof value !== 'string' || value === '')
      throw new TypeError(`${op} needs ${name}, a non-empty string (its path is ${route.pathTemplate}).`);
    values[name] = value;
  }
  if (route.requestBody?.required && options.json === undefined) throw new TypeError(`${op} needs json: its request body is required.`);
  const query = options.query
    ? Object.fromEntries(Object.entries(options.query).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)]])))
    : undefined;
  return { method: route.method, path: fillPath(route.pathTemplate, values), query, json: options.json, auth };
}
