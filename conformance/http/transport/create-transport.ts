// The suite's one HTTP client: every request the conformance suite sends to a
// deployment goes through it. It composes the parts: the origin guard, the
// gate (pacing per key and a bound on requests in flight: its own, or the run
// board's, shared by every process of a run), the bounded exchange, waiting out
// rate limits, and sending again after transient failures (a gateway's 502, a
// connection lost).
import { setTimeout as sleep } from 'node:timers/promises';
import { guardOrigin } from './origin-guard.ts';
import { PacedSlots } from './paced-slots.ts';
import { rateLimitOf } from './retry-after.ts';
import { RateLimitedError, TransportError } from './transport-errors.ts';
import { isLostConnection, isTransientStatus, transientPolicy } from './transient.ts';
import { resolveOptions } from './transport-options.ts';
import type { Transport, TransportConfig, TransportStats, WireAnswer, WireRequest } from './transport-types.ts';
import { waitPolicy } from './wait-policy.ts';
import { createAgent, exchange, type RawAnswer } from './wire-exchange.ts';

// The pacing group of requests that name none.
const SHARED_GROUP = '';

/** A transport for the config; throws a TypeError naming a wrong setting. */
export function createTransport(config: TransportConfig): Transport {
  const options = resolveOptions(config);
  const agent = createAgent(options);
  const own = config.gate ? undefined : new PacedSlots({ concurrency: options.concurrency, maxRps: options.maxRps });
  const gate = config.gate ?? own!;
  const policy = waitPolicy(options.retry);
  const transient = transientPolicy(options.transient);
  const counts = { sent: 0, answers: 0, failed: 0, rateLimited: 0, retries: 0, tooLarge: 0, redirectsRefused: 0, maxInFlight: 0 };
  let inFlight = 0;
  let closing = false;

  const onWire = async (url: URL, request: WireRequest): Promise<RawAnswer> => {
    // Checked when the request gets its slot, not when it was queued: a run that stopped meanwhile sends nothing more.
    const stopped = config.stopped?.();
    if (stopped) throw new TransportError(`not sent: ${stopped}`);
    counts.sent++;
    counts.maxInFlight = Math.max(counts.maxInFlight, ++inFlight);
    try {
      const answer = await exchange(agent, url, request, options);
      counts.answers++;
      return answer;
    } catch (error) {
      counts.failed++;
      throw error;
    } finally {
      inFlight--;
    }
  };

  const send = async (request: WireRequest): Promise<WireAnswer> => {
    if (closing) throw new TransportError('not sent: the transport is closed');
    const url = guardOrigin(request, options.baseOrigin);
    const group = request.rateGroup ?? SHARED_GROUP;
    const started = performance.now();
    let attempts = 0;
    let limitedCount = 0;
    let transientCount = 0;
    let backoffMs = 0;
    let waitedMs = 0;
    let retry = false;
    for (;;) {
      const queued = performance.now();
      // The backoff after a transient failure holds no slot: other requests go meanwhile.
      if (backoffMs) await sleep(backoffMs);
      const turn = await gate.acquire(group, retry);
      waitedMs += performance.now() - queued;
      if (turn.stopped) {
        await gate.release(group, { kind: 'no-answer' });
        throw new TransportError(`not sent: ${turn.stopped}`);
      }
      retry = true;
      backoffMs = 0;
      let answer: RawAnswer;
      try {
        answer = await onWire(url, request);
      } catch (error) {
        await gate.release(group, { kind: 'no-answer' });
        if (!(error instanceof TransportError) || !isLostConnection(error)) throw error;
        attempts++;
        const wait = transient.next(request, ++transientCount, error);
        if (wait === undefined)
          throw transientCount > 1 ? new TransportError(`${error.message} (sent ${attempts} times)`, error.code) : error;
        backoffMs = wait;
        continue;
      }
      attempts++;
      const limited = rateLimitOf(answer.status, answer.headers);
      if (!limited && isTransientStatus(answer.status)) {
        const wait = transient.next(request, ++transientCount);
        if (wait !== undefined) {
          await gate.release(group, { kind: 'no-answer' });
          backoffMs = wait;
          continue;
        }
      }
      if (!limited) {
        await gate.release(group, { kind: 'answered' });
        if (answer.tooLarge) counts.tooLarge++;
        if (answer.redirect) counts.redirectsRefused++;
        return { ...answer, attempts, waitedMs: Math.round(waitedMs), elapsedMs: Math.round(performance.now() - started) };
      }
      counts.rateLimited++;
      limitedCount++;
      const plan = policy.next(limited.askedMs, attempts, limitedCount);
      if ('cap' in plan) {
        await gate.release(group, { kind: 'answered' });
        throw new RateLimitedError(answer.status, limited.askedMs, attempts, plan.cap, plan.limit);
      }
      counts.retries++;
      if (limited.kind === 'unavailable') {
        // This request waits out its Retry-After holding no slot; the group's other requests go on meanwhile.
        await gate.release(group, { kind: 'unavailable', waitMs: plan.waitMs });
        backoffMs = plan.waitMs;
        continue;
      }
      await gate.release(group, { kind: 'limited', waitMs: plan.waitMs });
    }
  };

  return {
    send,
    stats: (): TransportStats => ({ ...counts, waitedMs: Math.round(policy.spentMs()), transient: transient.counts() }),
    async close() {
      closing = true;
      own?.close(new TransportError('not sent: the transport is closed'));
      await agent.close();
    },
  };
}
