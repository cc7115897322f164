// The mock's request log: one entry per request it answered (API and
// presigned URLs), the last 10,000 kept. An entry names the key by its name
// and holds no token, no query string and no body.
import type { OperationId } from '../../openapi/contract/operation-types.ts';

/** One request the mock answered. */
export interface LoggedRequest {
  /** When it arrived (the mock's clock), RFC 3339. */
  time: string;
  /** How long the answer took, in ms (latency, delays and hangs included). */
  ms: number;
  method: string;
  /** The path as sent, without the query string; a known key's token anywhere in it reads `[key]`. */
  path: string;
  /** The route's path template, e.g. `/workspaces/{workspaceId}/buckets`; null outside the API's routes. */
  pathTemplate: string | null;
  operationId: OperationId | null;
  /** The key's name (`full`, `read-only`, `one-bucket`, `minted-3`, a fixture key's name); null without a known key. */
  key: string | null;
  /** The status answered; null when the connection was dropped (a scenario) or the client went away first. */
  status: number | null;
  /** The error's `code`; null for a success or an error without one. */
  code: string | null;
  /** Set when the route's bucket exists but lies outside the key's bucketIds. */
  bucketOutsideKey?: true;
  /** The id of the scenario that answered; null when the mock did. */
  scenario: string | null;
}

/** How many entries the log keeps; older ones are dropped first. */
export const REQUEST_LOG_LIMIT = 10_000;

/** A bounded log (a ring of the last `limit` entries). */
export class RequestLog {
  private ring: LoggedRequest[] = [];
  private next = 0;
  private droppedCount = 0;

  constructor(private readonly limit = REQUEST_LOG_LIMIT) {}

  add(entry: LoggedRequest): void {
    if (this.ring.length < this.limit) this.ring.push(entry);
    else {
      this.ring[this.next] = entry;
      this.next = (this.next + 1) % this.limit;
      this.droppedCount += 1;
    }
  }

  /** The kept entries, oldest first (copies). */
  list(): LoggedRequest[] {
    return [...this.ring.slice(this.next), ...this.ring.slice(0, this.next)].map((entry) => ({ ...entry }));
  }

  /** Entries dropped to keep the log bounded since the last clear. */
  get dropped(): number {
    return this.droppedCount;
  }

  clear(): void {
    this.ring = [];
    this.next = 0;
    this.droppedCount = 0;
  }
}
