// The run board in the process that owns the run: values made once, the
// other bucket's markers, the run's files, the circuit breaker, and the
// pacing and in-flight bound of every request. Workers reach it through the
// board server; the in-process runner uses it directly.
import { CircuitBreaker } from './breaker.ts';
import { PacedSlots } from '../http/transport/paced-slots.ts';
import { OtherBucketMarkers, type Marker } from '../oracles/markers.ts';
import type { Attempt, BoardCounts, Claim, RunBoard, Settled, Turn } from './run-board.ts';

interface Pending {
  waiters: ((result: Settled) => void)[];
  /** Who is making it (a connection of the board server), so a maker that goes away fails it. */
  owner?: unknown;
}

export interface LocalBoardOptions {
  /** Requests in flight at most, over every process of the run. */
  concurrency: number;
  /** Requests per second at most, over the whole run. */
  maxRps?: number;
}

export class LocalBoard implements RunBoard {
  private readonly values = new Map<string, Settled>();
  private readonly pending = new Map<string, Pending>();
  readonly breaker = new CircuitBreaker();
  /** The pacing and in-flight bound of every request of the run, whichever process sends it. */
  readonly gate: PacedSlots;
  readonly otherBucket = new OtherBucketMarkers();
  private readonly fileBuckets = new Map<string, string>();
  private readonly tally: BoardCounts = {};

  constructor(options: LocalBoardOptions) {
    this.gate = new PacedSlots(options, () => this.breaker.stopped());
  }

  async claim(name: string, owner?: unknown): Promise<Claim> {
    const done = this.values.get(name);
    if (done) return done;
    const pending = this.pending.get(name);
    if (!pending) {
      this.pending.set(name, { waiters: [], owner });
      return { mine: true };
    }
    return new Promise<Settled>((resolve) => pending.waiters.push(resolve));
  }

  async settle(name: string, result: Settled): Promise<void> {
    this.values.set(name, result);
    const pending = this.pending.get(name);
    this.pending.delete(name);
    for (const waiter of pending?.waiters ?? []) waiter(result);
  }

  async made(prefix: string): Promise<Record<string, Settled>> {
    return Object.fromEntries([...this.values].filter(([name]) => name.startsWith(prefix)));
  }

  /** Fails every value `owner` was making (its process went away before settling them). */
  abandon(owner: unknown, why: string): void {
    for (const [name, pending] of this.pending)
      if (pending.owner === owner) void this.settle(name, { error: { kind: 'Error', message: `${name} was not made: ${why}` } });
  }

  acquire(group: string, retry: boolean): Promise<Turn> {
    return this.gate.acquire(group, retry);
  }

  release(group: string, attempt: Attempt): Promise<void> {
    return this.gate.release(group, attempt);
  }

  async answered(): Promise<void> {
    this.breaker.success();
  }

  async noAnswer(message: string, route: string): Promise<void> {
    this.breaker.failure(message, route);
  }

  async stopped(): Promise<string | undefined> {
    return this.breaker.stopped();
  }

  async addMarker(marker: Marker): Promise<void> {
    this.otherBucket.put(marker);
  }

  async markers(from = 0) {
    return this.otherBucket.all().slice(from);
  }

  async addFile(id: string, bucketId: string): Promise<void> {
    this.fileBuckets.set(id, bucketId);
  }

  async files(from = 0): Promise<[string, string][]> {
    return [...this.fileBuckets].slice(from);
  }

  async count(deltas: BoardCounts): Promise<void> {
    // A count named "max:…" keeps the largest value given (the most requests in flight at once, say); the others add up.
    for (const [name, n] of Object.entries(deltas))
      this.tally[name] = name.startsWith('max:') ? Math.max(this.tally[name] ?? 0, n) : (this.tally[name] ?? 0) + n;
  }

  async counts(): Promise<BoardCounts> {
    return { ...this.tally };
  }

  /** Stops handing out turns (the run is over). */
  close(reason: Error): void {
    this.gate.close(reason);
  }
}
