// The run board: what every test of one run shares, whichever process runs it
// (a Playwright worker, or the in-process runner of the self-test): values made
// once for the whole run (test files, a route's served proof), what belongs to
// the other bucket, the run's test files, the circuit breaker, and the pacing
// and in-flight bound of every request. One board per run (per shard).
import type { Attempt } from '../http/transport/paced-slots.ts';
import type { Marker, MarkerSink } from '../oracles/markers.ts';

/** How a claimed value ended: made (a JSON value), or failed (an error as it crosses processes). */
export type Settled = { value: unknown } | { error: SharedError };

/** An error as the board carries it: its kind and fields, so the taker can throw the same kind again. */
export interface SharedError {
  kind: string;
  message: string;
  fields?: Record<string, unknown>;
}

/** The caller makes the value (`mine`), or gets it as another test made it. */
export type Claim = { mine: true } | Settled;

/** A request's turn: granted, or refused because the run stopped (then nothing is sent). */
export interface Turn {
  stopped?: string;
}

/** How a request's attempt ended, for the pacing of its group. */
export type { Attempt } from '../http/transport/paced-slots.ts';

/** What the run's requests met, over every process. */
export interface BoardCounts {
  [name: string]: number;
}

export interface RunBoard {
  /** Claims a run-wide value by name: the first caller makes it and settles it; the others wait for it. */
  claim(name: string): Promise<Claim>;
  settle(name: string, result: Settled): Promise<void>;
  /** The values made so far whose names begin with `prefix` (without claiming any), by name. */
  made(prefix: string): Promise<Record<string, Settled>>;
  /**
   * Waits for a request's turn in its pacing group (a retry goes first) and a free in-flight slot; a turn whose group
   * met a rate limit while it waited for the slot takes a new turn at the lowered rate.
   */
  acquire(group: string, retry: boolean): Promise<Turn>;
  /** Frees the slot of a turn and says how the attempt ended (the group's pacing learns from it). */
  release(group: string, attempt: Attempt): Promise<void>;
  /** The circuit breaker: a request got an answer, or none at all (`route`: where it went). */
  answered(): Promise<void>;
  noAnswer(message: string, route: string): Promise<void>;
  /** Why the run stopped (the deployment stopped answering), or undefined. */
  stopped(): Promise<string | undefined>;
  addMarker(marker: Marker): Promise<void>;
  /** The markers added so far, from the `from`-th on (a process keeps those it read and asks for the rest). */
  markers(from?: number): Promise<Marker[]>;
  /** A test file the run made, by id, and the bucket id holding it. */
  addFile(id: string, bucketId: string): Promise<void>;
  /** The run's files so far, from the `from`-th on. */
  files(from?: number): Promise<[string, string][]>;
  /** Adds to the run's counts (requests sent, rate limits met, blips resent…). */
  count(deltas: BoardCounts): Promise<void>;
  counts(): Promise<BoardCounts>;
}

/** Markers added through the board (each a message to the process owning the run). */
export function boardMarkers(board: Pick<RunBoard, 'addMarker'>): MarkerSink {
  const send = (value: unknown, what: string, kind: Marker['kind'], resource?: string) => {
    const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
    if (typeof text === 'string' && text !== '') void board.addMarker({ value: text, what, kind, ...(resource ? { resource } : {}) });
  };
  return {
    addId: (value, what, resource) => send(value, what, 'value', resource),
    addAllowed: (value, resource) => send(value, `a ${resource} id of the allowed bucket`, 'allowed', resource),
    addPath: (value, what) => send(value, what, 'value'),
    addWord: (value, what) => send(value, what, 'word'),
  };
}

/** Makes a run-wide value once: the first caller runs `make`, every other one gets its value or its error. */
export async function once<T>(board: RunBoard, name: string, make: () => Promise<T>): Promise<T> {
  const claim = await board.claim(name);
  if ('value' in claim) return claim.value as T;
  if ('error' in claim) throw reviveError(claim.error);
  try {
    const value = await make();
    await board.settle(name, { value: value === undefined ? null : value });
    return value;
  } catch (error) {
    await board.settle(name, { error: shareError(error) });
    throw error;
  }
}

type ErrorClass = new (...args: never[]) => Error;

/** Error kinds that keep their kind across processes; registered by the modules that define them. */
const KINDS = new Map<string, { make(message: string, fields: Record<string, unknown>): Error; is(error: unknown): boolean }>();

/** Lets an error class cross processes: `fields` names what to carry besides the message, `make` rebuilds it. */
export function shareableError<E extends Error>(
  kind: string,
  type: ErrorClass,
  fields: (error: E) => Record<string, unknown>,
  make: (message: string, fields: Record<string, unknown>) => E,
): void {
  KINDS.set(kind, { make, is: (error) => error instanceof type && error.constructor === type });
  FIELDS.set(kind, fields as (error: Error) => Record<string, unknown>);
}
const FIELDS = new Map<string, (error: Error) => Record<string, unknown>>();

/** An error as the board carries it. */
export function shareError(error: unknown): SharedError {
  for (const [kind, { is }] of KINDS)
    if (is(error)) return { kind, message: (error as Error).message, fields: FIELDS.get(kind)!(error as Error) };
  return { kind: 'Error', message: (error as Error)?.message ?? String(error) };
}

/** The error a SharedError stands for: of its kind when that kind is registered, a plain Error otherwise. */
export function reviveError(shared: SharedError): Error {
  const kind = KINDS.get(shared.kind);
  return kind ? kind.make(shared.message, shared.fields ?? {}) : new Error(shared.message);
}
