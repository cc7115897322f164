// Paces requests: at most `maxRps` over all of them, and per rate group (one per key)
// a send rate that drops to about what the server accepted after a 429 and climbs
// back while none comes (additive increase, decrease to the accepted rate).
// Written here: queue libraries pace at a fixed rate; none adapts per group to Retry-After.

// The span over which the accepted rate is measured when a 429 comes.
const WINDOW_MS = 1000;
// Requests per second a group never drops below: Retry-After, not pacing, holds back a server that accepts less.
const MIN_RATE = 0.5;
// After a 429, each calm second adds this share of the lowered rate (at least one request per second).
const RAISE_SHARE = 0.1;
// 503s with Retry-After in a row (no answer between) that say the whole group should wait, as after a 429.
const UNAVAILABLE_STREAK = 3;

interface Waiter {
  resolve(epoch: number): void;
  reject(error: Error): void;
}

interface Group {
  queue: Waiter[];
  /** The rate set at the last 429, requests per second; Infinity before any. */
  base: number;
  /** When the climb back from `base` started (the end of the last pause). */
  calmSince: number;
  /** The earliest time the next request of the group may go. */
  nextAt: number;
  pausedUntil: number;
  /** Counts the group's rate limits: a turn granted before the last one is stale. */
  epoch: number;
  /** When recent answers that were not rate-limited came (at most one window back). */
  accepted: number[];
  /** 503s with Retry-After since the group's last answer. */
  unavailableInARow: number;
  timer?: NodeJS.Timeout;
}

/** The pacing of one transport. */
export interface Pacer {
  /**
   * Resolves when a request of the group may go, with the turn's epoch; a retry goes
   * ahead of first attempts.
   */
  turn(group: string, retry: boolean): Promise<number>;
  /** Whether the group met a rate limit after this turn was granted (the request should take a new turn). */
  stale(group: string, epoch: number): boolean;
  /** An answer that was not rate-limited. */
  accepted(group: string): void;
  /** A rate-limited answer: the group waits `waitMs`, then goes on at about the rate the server accepted. */
  limited(group: string, waitMs: number): void;
  /**
   * A 503 with Retry-After: the request that got it waits on its own (a load balancer's sick backend answers one
   * request in twenty so); only several in a row with no answer between slow the group as a rate limit would.
   */
  unavailable(group: string, waitMs: number): void;
  /** Rejects every waiting request. */
  close(reason: Error): void;
}

/** The group's send rate at time `t`, requests per second. */
function rateAt(group: Group, t: number): number {
  if (group.base === Infinity) return Infinity;
  const calmS = Math.max(0, t - group.calmSince) / 1000;
  return group.base + Math.max(1, group.base * RAISE_SHARE) * calmS;
}

function prune(group: Group, t: number): void {
  while (group.accepted.length && group.accepted[0] < t - WINDOW_MS) group.accepted.shift();
}

/** A pacer; `maxRps` (when given) caps the rate over every group. */
export function createPacer(maxRps?: number): Pacer {
  const groups = new Map<string, Group>();
  let globalNextAt = 0;
  let closed: Error | undefined;
  const now = () => performance.now();

  const groupOf = (name: string): Group => {
    let group = groups.get(name);
    if (!group)
      groups.set(
        name,
        (group = { queue: [], base: Infinity, calmSince: 0, nextAt: 0, pausedUntil: 0, epoch: 0, accepted: [], unavailableInARow: 0 }),
      );
    return group;
  };

  const pump = (group: Group): void => {
    clearTimeout(group.timer);
    group.timer = undefined;
    while (group.queue.length) {
      const t = now();
      const at = Math.max(group.nextAt, group.pausedUntil, globalNextAt);
      if (at > t) {
        group.timer = setTimeout(() => pump(group), Math.ceil(at - t));
        return;
      }
      group.nextAt = t + 1000 / rateAt(group, t);
      if (maxRps) globalNextAt = t + 1000 / maxRps;
      group.queue.shift()!.resolve(group.epoch);
    }
  };

  const limited = (name: string, waitMs: number): void => {
    const group = groupOf(name);
    const t = now();
    prune(group, t);
    const seen = (group.accepted.length * 1000) / WINDOW_MS;
    group.base = Math.max(MIN_RATE, Math.min(rateAt(group, t), seen));
    group.pausedUntil = Math.max(group.pausedUntil, t + waitMs);
    group.calmSince = group.pausedUntil;
    group.nextAt = group.pausedUntil;
    group.epoch++;
    if (group.queue.length) pump(group);
  };

  return {
    turn(name, retry) {
      if (closed) return Promise.reject(closed);
      const group = groupOf(name);
      return new Promise<number>((resolve, reject) => {
        if (retry) group.queue.unshift({ resolve, reject });
        else group.queue.push({ resolve, reject });
        if (!group.timer) pump(group);
      });
    },
    stale: (name, epoch) => groupOf(name).epoch !== epoch,
    accepted(name) {
      const group = groupOf(name);
      group.unavailableInARow = 0;
      const t = now();
      group.accepted.push(t);
      prune(group, t);
    },
    limited,
    unavailable(name, waitMs) {
      const group = groupOf(name);
      if (++group.unavailableInARow >= UNAVAILABLE_STREAK) limited(name, waitMs);
    },
    close(reason) {
      closed = reason;
      for (const group of groups.values()) {
        clearTimeout(group.timer);
        for (const waiter of group.queue.splice(0)) waiter.reject(reason);
      }
    },
  };
}
