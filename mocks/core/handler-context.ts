// What a bound operation handler receives and returns. Handlers never check
// scopes or bucket access for the route itself: the pipeline has done that.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Workspace } from '../world/world-types.ts';
import type { BucketState, WorldStore } from '../store/world-store.ts';
import type { FaultSwitches } from '../faults/fault-switches.ts';
import type { ApiKey } from './key-store.ts';
import type { BucketUse } from './access-rules.ts';
import type { Clock } from './clock.ts';
import type { MockResponse } from './types.ts';

/** App-wide facilities shared by every handler. */
export interface MockEnvironment {
  readonly store: WorldStore;
  readonly faults: FaultSwitches;
  readonly clock: Clock;
  /** Origin for presigned URLs, e.g. `http://127.0.0.1:4010`. */
  origin(requestHeaders: Record<string, string>): string;
}

export interface HandlerContext {
  route: Route;
  env: MockEnvironment;
  store: WorldStore;
  key: ApiKey;
  /** Validated path and query values (query defaults applied). */
  params: Record<string, unknown>;
  /** The parsed, schema-valid JSON body (undefined when none was sent). */
  body: any;
  headers: Record<string, string>;
  /** Set on workspace- and bucket-scoped routes. */
  workspace: Workspace;
  bucket: BucketState;
  /** Whether the key reaches another bucket for a given use (move destinations, listings). */
  reaches(bucketId: string, use: BucketUse): boolean;
}

export type OperationHandler = (ctx: HandlerContext) => MockResponse | Promise<MockResponse>;

/** Handlers bound by operationId. */
export type HandlerTable = Record<string, OperationHandler>;
