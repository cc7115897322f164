// Latency as a proxy rule: every answer arrives a fixed time late, or a time
// picked from a seeded range, on its own or around any other rule.
import type { Rule } from './loopback-proxy.ts';
import { stackRules } from './rule-stack.ts';
import { checkMillis, delayPicker, sleep, type Millis } from './seeded-random.ts';

/** Delays every answer by `ms` (or a seeded pick in the [min, max] range) after the server answered. */
export function latency(ms: Millis, options: { seed?: number } = {}): Rule {
  checkMillis('latency', ms);
  const pick = delayPicker(ms, options.seed);
  return async (request, forward) => {
    const answer = await forward(request);
    await sleep(pick());
    return answer;
  };
}

/** `rule` with every answer it gives (its own or the server's) delayed by `ms`. */
export function withLatency(ms: Millis, rule: Rule, options: { seed?: number } = {}): Rule {
  return stackRules(latency(ms, options), rule);
}
