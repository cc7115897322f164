// What a bound operation handler receives and returns, typed from the spec's
// operations: the request body of `updateFile` is the spec's FileUpdate, and a
// handler table that misses or misnames an operation does not compile.
import type { OperationId, RequestBody } from '../../openapi/contract/operation-types.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { FileRecord, Workspace } from '../world/world-types.ts';
import type { BucketState, WorldStore } from '../store/world-store.ts';
import type { ApiKey } from './key-store.ts';
import type { Clock } from './clock.ts';
import type { MockResponse } from './types.ts';

export type { OperationId, RequestBody } from '../../openapi/contract/operation-types.ts';

/** App-wide facilities shared by every handler. */
export interface MockEnvironment {
  readonly store: WorldStore;
  readonly clock: Clock;
  /** Origin for presigned URLs, e.g. `http://127.0.0.1:4010`. */
  origin(requestHeaders: Record<string, string>): string;
}

/** What a handler of operation K receives; scopes and the route's bucket are checked already. */
export interface HandlerContext<K extends OperationId = OperationId> {
  route: Route;
  env: MockEnvironment;
  store: WorldStore;
  key: ApiKey;
  /** Validated path and query values (query defaults applied). */
  params: Record<string, unknown>;
  /** The parsed, schema-valid JSON body. */
  body: RequestBody<K>;
  headers: Record<string, string>;
  /** Set on workspace- and bucket-scoped routes. */
  workspace: Workspace;
  bucket: BucketState;
  /** Whether the key's bucketIds let it reach another bucket (move destinations, listings). */
  reaches(bucketId: string): boolean;
  /** The ready file of the route's bucket with this id, or undefined (a file of another bucket is undefined too). */
  lookupFile(fileId: string): FileRecord | undefined;
}

export type OperationHandler<K extends OperationId> = (ctx: HandlerContext<K>) => MockResponse | Promise<MockResponse>;

/** Every operation of the spec bound to its handler. */
export type HandlerTable = { [K in OperationId]: OperationHandler<K> };
