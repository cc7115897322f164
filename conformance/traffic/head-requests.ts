// Traffic: HEAD of every GET route, without a key, by a key lacking the
// route's scope, on the other bucket by a key barred from it, and by one
// holding the scope. A server may serve HEAD as GET without
// the body, or answer 405 or 404; the rules over every exchange judge it as the
// GET it names (no 2xx without a valid key or the scope, no 5xx).
import type { GeneratorContext } from '../plan/generator-context.ts';
import type { TrafficTask } from './traffic-types.ts';
import { sendersOf, variantTask } from './variant-calls.ts';

const HEAD = { variant: 'HEAD', shape: <T extends { method: string }>(base: T): T => ({ ...base, method: 'HEAD' }) };

/** One task per GET route and sender. */
export function headTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes
    .filter((route) => route.method === 'GET')
    .flatMap((route) => sendersOf(route).map((sender) => variantTask(route, g, sender, 'HEAD', () => [HEAD])));
}
