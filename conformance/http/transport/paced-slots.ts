// Who may send next: a turn in the request's pacing group (at most `maxRps`
// over all groups; per group, about the rate the server accepted after a 429)
// and one of `concurrency` slots in flight. A turn granted before the group's
// last rate limit, and still waiting for a slot, takes a new turn at the
// lowered rate. One per transport by default; one per run when a run board
// hands it to every process's transport.
import { createPacer } from './pacer.ts';

/** How an attempt ended, for the pacing of its group. */
export type Attempt =
  | { kind: 'answered' }
  | { kind: 'limited'; waitMs: number }
  /** A 503 with Retry-After: this request waits; its group slows only when such answers come in a row. */
  | { kind: 'unavailable'; waitMs: number }
  | { kind: 'no-answer' };

/** What a transport asks before each attempt and tells after it. */
export interface SendGate {
  /** Resolves once the request may go (`stopped` set when the run stopped meanwhile: then it must not). */
  acquire(group: string, retry: boolean): Promise<{ stopped?: string }>;
  /** Frees the attempt's slot and tells its group's pacing how it ended. */
  release(group: string, attempt: Attempt): Promise<void>;
}

/** A slot queue: at most `max` holders, first come first served. */
class Slots {
  private held = 0;
  private readonly queue: (() => void)[] = [];
  constructor(readonly max: number) {}
  /** Holders now, and takers waiting. */
  get counts(): { held: number; waiting: number } {
    return { held: this.held, waiting: this.queue.length };
  }
  /** Lets every waiting taker through (the run stopped: each sees it and sends nothing). */
  drain(): void {
    for (const next of this.queue.splice(0)) {
      this.held++;
      next();
    }
  }
  take(): Promise<void> {
    if (this.held < this.max) {
      this.held++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.queue.push(resolve));
  }
  give(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.held = Math.max(0, this.held - 1);
  }
}

/** Pacing per group and a bound on attempts in flight; `stopped` says why sending stopped, when it has. */
export class PacedSlots implements SendGate {
  private readonly pacer;
  private readonly slots;

  constructor(
    options: { concurrency: number; maxRps?: number },
    private readonly stopped: () => string | undefined = () => undefined,
  ) {
    this.pacer = createPacer(options.maxRps);
    this.slots = new Slots(options.concurrency);
  }

  async acquire(group: string, retry: boolean): Promise<{ stopped?: string }> {
    for (;;) {
      const before = this.stopped();
      if (before) return { stopped: before };
      const epoch = await this.pacer.turn(group, retry);
      await this.slots.take();
      if (!this.pacer.stale(group, epoch)) return { stopped: this.stopped() };
      this.slots.give();
      retry = true;
    }
  }

  async release(group: string, attempt: Attempt): Promise<void> {
    this.slots.give();
    if (attempt.kind === 'answered') this.pacer.accepted(group);
    else if (attempt.kind === 'limited') this.pacer.limited(group, attempt.waitMs);
    else if (attempt.kind === 'unavailable') this.pacer.unavailable(group, attempt.waitMs);
  }

  /** Frees a slot whose holder went away without releasing it: no attempt to learn from. */
  giveBack(): void {
    this.slots.give();
  }

  /** Slots held and requests waiting for one, and the most in flight. */
  slotCounts(): { held: number; waiting: number; max: number } {
    return { ...this.slots.counts, max: this.slots.max };
  }

  /** Lets every request waiting for a slot go on, once the run stopped: each sees it and sends nothing. */
  drain(): void {
    this.slots.drain();
  }

  /** Refuses every waiting turn. */
  close(reason: Error): void {
    this.pacer.close(reason);
  }
}
