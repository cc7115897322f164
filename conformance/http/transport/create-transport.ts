// The suite's one HTTP client: every request the conformance suite sends to a
// deployment goes through it. It composes the parts: the origin guard, pacing
// per key, a bound on requests in flight (p-limit: a small, well-kept queue with
// the count of active calls), the bounded exchange, and waiting out rate limits.
import pLimit from 'p-limit';
import { guardOrigin } from './origin-guard.ts';
import { createPacer } from './pacer.ts';
import { rateLimitOf } from './retry-after.ts';
import { RateLimitedError, TransportError } from './transport-errors.ts';
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
  const pacer = createPacer(options.maxRps);
  const limit = pLimit(options.concurrency);
  const policy = waitPolicy(options.retry);
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
    let waitedMs = 0;
    let retry = false;
    for (;;) {
      const queued = performance.now();
      const epoch = await pacer.turn(group, retry);
      waitedMs += performance.now() - queued;
      // A turn granted before the group's last 429 waited for a free slot meanwhile: it takes a new turn at the lowered rate.
      const answer = await limit(() => (pacer.stale(group, epoch) ? undefined : onWire(url, request)));
      retry = true;
      if (!answer) continue;
      attempts++;
      const limited = rateLimitOf(answer.status, answer.headers);
      if (!limited) {
        pacer.accepted(group);
        if (answer.tooLarge) counts.tooLarge++;
        if (answer.redirect) counts.redirectsRefused++;
        return { ...answer, attempts, waitedMs: Math.round(waitedMs), elapsedMs: Math.round(performance.now() - started) };
      }
      counts.rateLimited++;
      limitedCount++;
      const plan = policy.next(limited.askedMs, attempts, limitedCount);
      if ('cap' in plan) throw new RateLimitedError(answer.status, limited.askedMs, attempts, plan.cap, plan.limit);
      pacer.limited(group, plan.waitMs);
      counts.retries++;
    }
  };

  return {
    send,
    stats: (): TransportStats => ({ ...counts, waitedMs: Math.round(policy.spentMs()) }),
    async close() {
      closing = true;
      pacer.close(new TransportError('not sent: the transport is closed'));
      await agent.close();
    },
  };
}
