// The shapes every part of the independent server shares: a request as it came
// off the wire, an answer before it is written, a key, and the call a handler
// receives once routing, authentication, scope and bucket checks are done.
import type { IncomingHttpHeaders } from 'node:http';
import type { Route } from '../../../../openapi/contract/route-table.ts';
import type { OperationId } from '../../../../openapi/contract/operation-types.ts';

/** An API key of the server: its secret, scopes and bucket restriction (null: every bucket). */
export interface Key {
  name: string;
  token: string;
  scopes: ReadonlySet<string>;
  bucketIds: readonly string[] | null;
}

/** A request as read off the socket; `path` is the raw path (no query, nothing decoded or normalised). */
export interface Incoming {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** `http://host:port` as the client addressed the server. */
  origin: string;
}

/** An answer before it is written; `key` (never on the wire) names the key that was authenticated. */
export interface Answer {
  status: number;
  headers?: Record<string, string | string[]>;
  json?: unknown;
  /** A non-JSON body; its content type goes in `headers`. */
  raw?: Buffer | string;
  key?: Key;
}

/** A step wrapped around the server's own answering: a trait (rate limit, load balancer, ...). */
export type Stage = (request: Incoming, next: (request: Incoming) => Promise<Answer>) => Promise<Answer>;

/** An API call that passed routing, authentication, the scope and the bucket checks. */
export interface Call {
  route: Route;
  operationId: OperationId;
  request: Incoming;
  key: Key;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  workspaceId: string;
  /** The bucket the call acts on (bucket routes only). */
  bucketId: string;
  /** The JSON body with unknown fields dropped, validated against the contract. */
  json: Record<string, unknown>;
  /** The JSON body as sent. */
  sent: Record<string, unknown>;
}
