// The parts the server is assembled from (as a request pipeline of named
// parts: authenticate, permit, reach, read the body, find files, page, handle).
// The default parts keep every seed rule; a planted fault replaces one part
// with a broken one, so no handler carries a switch for a fault.
import type { OperationId } from '../../../../openapi/contract/operation-types.ts';
import type { Route } from '../../../../openapi/contract/route-table.ts';
import { readBody, type ReadBody } from './body.ts';
import { reaches, type KeyRing } from './keys.ts';
import type { ListingShape } from './listing/shapes.ts';
import type { Answer, Call, Incoming, Key } from './types.ts';
import type { CursorState, FileRec, World } from './world.ts';
import type { Router } from './router.ts';

/** What every handler and part reads: the world, the keys, the listing shape and paging, the upload delay, and the parts the server is assembled from. */
export interface Env {
  world: World;
  keys: KeyRing;
  shape: ListingShape;
  paging: { pageSize: number; maxPageSize: number };
  /** How long after its bytes arrive an upload becomes a file. */
  uploadDelayMs: number;
  parts: Parts;
}

export type Handler = (call: Call, env: Env) => Answer | Promise<Answer>;
/** One handler per operation of the contract: a new operation is a type error here. */
export type HandlerTable = { [K in OperationId]: Handler };

/** A request the router matched to an operation. */
export interface Matched {
  route: Route;
  params: Record<string, string>;
  /** Every literal segment was sent in the contract's letter case. */
  literalCaseExact: boolean;
}

export interface Parts {
  router: Router;
  /** The key the request carries, if any is valid. */
  authenticate(request: Incoming, env: Env): Key | undefined;
  /** Whether the key may call the operation (its scope). */
  permits(key: Key, matched: Matched, request: Incoming): boolean;
  /** Whether the key may reach the bucket named in the path. */
  reaches(key: Key, bucketId: string, request: Incoming): boolean;
  /** The bucket the call then acts on. */
  targetBucket(pathBucketId: string, request: Incoming): string;
  readBody(request: Incoming, route: Route): ReadBody | Answer;
  /** The files of the call's bucket a batch body names, in the status given; undefined when any one is not there. */
  filesNamed(env: Env, call: Call, ids: readonly string[], status: FileRec['status']): FileRec[] | undefined;
  /** The files a file listing of a bucket draws from, as listings see them. */
  listedFiles(env: Env, call: Call, bucketId: string): FileRec[];
  /** The bucket (or workspace) a listing cursor may be resumed in, or undefined to refuse it. */
  cursorBucket(state: CursorState, call: Call, listedId: string): string | undefined;
  handlers: HandlerTable;
}

/** The bearer token of a request: `Authorization: Bearer <token>`, the scheme in any letter case (RFC 9110). */
export function bearerToken(request: Incoming): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? /^Bearer +(\S+)\s*$/i.exec(header)?.[1] : undefined;
}

/** The parts of a server that keeps every rule. */
export function defaultParts(router: Router, handlers: HandlerTable): Parts {
  return {
    router,
    authenticate: (request, env) => {
      const token = bearerToken(request);
      return token === undefined ? undefined : env.keys.find(token);
    },
    permits: (key, matched) => key.scopes.has(matched.route.scope),
    reaches: (key, bucketId) => reaches(key, bucketId),
    targetBucket: (pathBucketId) => pathBucketId,
    readBody,
    filesNamed: (env, call, ids, status) => {
      const files = ids.map((id) => env.world.fileIn(call.bucketId, id, status));
      return files.every((f) => f !== undefined) ? (files as FileRec[]) : undefined;
    },
    listedFiles: (env, _call, bucketId) => env.world.files.settled().filter((f) => f.bucketId === bucketId),
    cursorBucket: (state, call, listedId) => (state.operationId === call.operationId && state.bucketId === listedId ? listedId : undefined),
    handlers,
  };
}
