// The run board in the process that owns the run: values made once, the
// other bucket's markers, the run's files, the circuit breaker, the pacing and
// in-flight bound of every request, and the watchdog that stops a run making
// no progress. Workers reach it through the board server; the in-process
// runner uses it directly.
import { CircuitBreaker } from './breaker.ts';
import { Watchdog } from './watchdog.ts';
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
  /** How long the run may make no progress while something waits before the watchdog stops it (default: never). */
  stallBoundMs?: number;
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

  private readonly watchdog?: Watchdog;
  /** Turns asked for and not granted yet. */
  private turnsWaiting = 0;

  constructor(options: LocalBoardOptions) {
    this.gate = new PacedSlots(options, () => this.breaker.stopped());
    if (options.stallBoundMs)
      this.watchdog = new Watchdog({
        boundMs: options.stallBoundMs,
        waiting: () => this.waiting(),
        stop: (reason) => this.stopAll(reason),
      });
  }

  /** What waits now, in words (undefined when nothing does). */
  waiting(): string | undefined {
    const slots = this.gate.slotCounts();
    const values = [...this.pending].filter(([, p]) => p.waiters.length > 0).map(([name, p]) => `${name} (${p.waiters.length} waiting)`);
    const parts = [
      this.turnsWaiting
        ? `${this.turnsWaiting} request(s) waited for their turn (${slots.held} of ${slots.max} slots held, ${slots.waiting} waiting for one)`
        : '',
      values.length ? `tests waited for values being made: ${values.slice(0, 5).join(', ')}${values.length > 5 ? ', …' : ''}` : '',
    ].filter(Boolean);
    return parts.length ? parts.join('; ') : undefined;
  }

  /** Stops the run: nothing more is sent, every waiting request and test is let go with the reason. */
  stopAll(reason: string): void {
    this.breaker.stop(reason);
    this.gate.drain();
    for (const [name, pending] of this.pending)
      if (pending.waiters.length) void this.settle(name, { error: { kind: 'Error', message: `${name} was not made: ${reason}` } });
  }

  private moved(): void {
    this.watchdog?.progress();
  }

  async claim(name: string, owner?: unknown): Promise<Claim> {
    this.moved();
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
    this.moved();
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

  async acquire(group: string, retry: boolean): Promise<Turn> {
    this.moved();
    this.turnsWaiting++;
    try {
      return await this.gate.acquire(group, retry);
    } finally {
      this.turnsWaiting--;
      this.moved();
    }
  }

  release(group: string, attempt: Attempt): Promise<void> {
    this.moved();
    return this.gate.release(group, attempt);
  }

  /** Frees the slot of a turn whose holder went away without releasing it (a worker that stopped mid-request). */
  giveBack(): void {
    this.moved();
    this.gate.giveBack();
  }

  async answered(): Promise<void> {
    this.moved();
    this.breaker.success();
  }

  async noAnswer(message: string, route: string): Promise<void> {
    this.moved();
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
    this.watchdog?.close();
    this.gate.close(reason);
  }
}
