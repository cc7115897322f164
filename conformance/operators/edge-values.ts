// Operator: edge values of every numeric and enum query parameter the route
// declares, read from its schema. A number at its minimum, minimum - 1,
// maximum, maximum + 1, 0, -1, a huge one, a fraction, a non-number and
// empty; an enum at each of its values, an unknown one and empty. A parameter
// another needs beside it (`semantic` needs `search`) is sent too. An edge
// value may take a code path that forgets a check (limit at its maximum
// listing every bucket, limit=0 skipping the bucket filter).
// A conforming server serves a value in range as the canonical request would
// and refuses the others (400); never a 5xx, never another bucket's items.
import type { RouteParam } from '../../openapi/contract/route-table.ts';
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { sampleOf } from './contract-fields.ts';
import type { Aim } from './variant-build.ts';
import { distinct, variantOf } from './variant-build.ts';

const HUGE = '99999999999999999999';
/** Edge values a conforming server may serve (zero too: "no limit" to some): a forgotten bucket filter shows in their answers. */
const IN_RANGE = ['the minimum', 'the maximum'];

/** Whether a query parameter's schema is a number (without an enum). */
const isNumeric = (p: RouteParam) => !p.schema.enum && [p.schema.type].flat().some((t) => t === 'integer' || t === 'number');

/** The edge values of a numeric or enum parameter, each with why it is one; none for any other parameter. */
export function edgeValuesOf(p: RouteParam): [string, string][] {
  const { schema } = p;
  if (schema.enum) {
    const values = [...new Set(schema.enum.map(String))];
    return [...values.map((v): [string, string] => [v, 'an enum value']), ['bucketkit-unknown', 'no enum value'], ['', 'empty']];
  }
  if (!isNumeric(p)) return [];
  const edges: [string, string][] = [];
  if (typeof schema.minimum === 'number') edges.push([String(schema.minimum), 'the minimum'], [String(schema.minimum - 1), 'minimum - 1']);
  if (typeof schema.maximum === 'number') edges.push([String(schema.maximum), 'the maximum'], [String(schema.maximum + 1), 'maximum + 1']);
  edges.push(['0', 'zero'], ['-1', 'negative'], [HUGE, 'huge'], ['1.5', 'a fraction'], ['abc', 'not a number'], ['', 'empty']);
  const seen = new Set<string>();
  return edges.filter(([value]) => !seen.has(value) && seen.add(value));
}

function edgeVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  // A barred key sends each value on the other bucket (any 2xx breaks) and on the allowed one (nothing of the other may show).
  const aims: Aim[] = input.sender === 'barred' ? ['own', 'allowed'] : ['own'];
  const needed = (p: RouteParam): Record<string, string> =>
    Object.fromEntries(
      p.dependentRequired.map((name) => {
        const q = route.queryParams.find((x) => x.name === name);
        return [name, input.valid.allowed.query?.[name] ?? String(q ? sampleOf(input.contract.doc, q.schema) : '')];
      }),
    );
  return distinct(
    route.queryParams.flatMap((p) =>
      edgeValuesOf(p).flatMap(([value, why]) =>
        aims.flatMap((aim) =>
          variantOf(
            input,
            'edge-values',
            `?${p.name}=${value} (${why})${aim === 'allowed' ? ' on the allowed bucket' : ''}`,
            (base) => ({ ...base, query: { ...base.query, ...needed(p), [p.name]: value } }),
            // A barred key served on the allowed bucket at a value in range is where a forgotten bucket filter shows.
            { aim, preferred: input.sender === 'barred' && aim === 'allowed' && (value === '0' || IN_RANGE.includes(why)) },
          ),
        ),
      ),
    ),
  );
}

export const edgeValues: Operator = {
  axis: 'edge-values',
  about: 'Sends each numeric and enum query parameter at its edge values (from its schema), and each enum value plus an unknown one.',
  conformingAnswers: 'a value in range served as the canonical request, others refused (400); any refusal for a sender that may not call',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: (route, sender) => route.queryParams.some((p) => edgeValuesOf(p).length > 0) && routeHasSender(route, sender),
  variants: edgeVariants,
};
