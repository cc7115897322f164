// Composes proxy rules: a stack where the first rule is outermost (it sees the
// client's request first and the answer last), and a guard that applies a rule
// only to the requests a predicate picks.
import type { ProxyRequest, Rule } from './loopback-proxy.ts';

/**
 * Stacks rules into one: `stackRules(a, b, c)` sends a request through a, then b, then c, then the server;
 * the answer comes back through c, b, a. With no rule it forwards unchanged.
 */
export function stackRules(...rules: Rule[]): Rule {
  return rules.reduceRight<Rule>(
    (inner, layer) => (request, forward) => layer(request, (next) => inner(next, forward)),
    (request, forward) => forward(request),
  );
}

/** Applies `rule` to the requests `picks` accepts; every other request passes through it untouched. */
export function when(picks: (request: ProxyRequest) => boolean, rule: Rule): Rule {
  return (request, forward) => (picks(request) ? rule(request, forward) : forward(request));
}

/** A predicate for `when`: requests whose path (without query) starts with `prefix` (the API, by default). */
export function underPath(prefix = '/api/v1/'): (request: ProxyRequest) => boolean {
  return (request) => request.url.split('?')[0].startsWith(prefix);
}
