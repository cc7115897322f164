// What a scenario is: an answer a frontend developer asks for, for one
// operation, typed by the spec (`mock.scenario('listFiles', { status: 200,
// body })` takes a FileList), and what the mock says about one it holds.
import type { OperationId, ResponseBody, SuccessStatus } from '../../openapi/contract/operation-types.ts';

/** Which requests of the operation a scenario answers, and how many of them. */
export interface ScenarioMatch {
  /** Only requests carrying the key of this name (`full`, `read-only`, `one-bucket`, `minted-3`, a fixture key's name). */
  key?: string;
  /** Only requests to this bucket. */
  bucketId?: string;
  /** How many requests it answers, then it is gone (`1`: once). Default: every request until cleared. */
  times?: number;
}

/** An answer of the scenario's own: a status (documented or not), a body, headers, after a delay. */
export interface ScenarioAnswer<K extends OperationId, S extends number> {
  /**
   * Any status from 100 to 599. Without `body`, a status the operation documents answers its example from the spec,
   * another one a generic body. Without `status` and `body`, the mock's own answer is sent (after `delayMs`, with `headers`).
   */
  status?: S;
  /** The body, typed by the spec for a documented status; sent as JSON (a string is sent as is under a non-JSON Content-Type). */
  body?: ResponseBody<K, S>;
  /** Added to the answer (yours or the mock's). */
  headers?: Record<string, string>;
  /** Milliseconds to wait before answering (0 to 60000). */
  delayMs?: number;
  networkError?: never;
  hang?: never;
}

/** The connection dropped with no answer (HTTP: the socket is destroyed; MSW: a network error), after `delayMs`. */
export interface ScenarioNetworkError {
  networkError: true;
  delayMs?: number;
  status?: never;
  body?: never;
  headers?: never;
  hang?: never;
}

/** No answer until the scenario is cleared (the request then gets the mock's own answer) or the client gives up. */
export interface ScenarioHang {
  hang: true;
  status?: never;
  body?: never;
  headers?: never;
  delayMs?: never;
  networkError?: never;
}

/** A scenario for operation K; S is the status asked for (the operation's success status when none is given). */
export type ScenarioOptions<K extends OperationId, S extends number = SuccessStatus<K>> = ScenarioMatch &
  (ScenarioAnswer<K, S> | ScenarioNetworkError | ScenarioHang);

/** A scenario as the mock holds it (and `GET /__mock/scenarios` shows it). */
export interface ScenarioSummary {
  id: string;
  operationId: OperationId;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  networkError?: true;
  hang?: true;
  key?: string;
  bucketId?: string;
  /** The `times` it was given; null: until cleared. */
  times: number | null;
  /** Requests it answered so far. */
  served: number;
  /** Requests it holds right now (hang). */
  waiting: number;
}

/** What `mock.scenario(...)` returns. */
export interface ScenarioHandle {
  readonly id: string;
  /** Requests it answered so far. */
  served(): number;
  /** Removes it; requests it holds (hang) go on to the mock's own answer. */
  clear(): void;
}
