// Operator: sizes on both sides of the thresholds a server may branch on (a
// bulk code path above some count, a long-value path above some length),
// read from the schema's limits and the contract's paging. Each id list of
// the body at the sizes T and T+1 for T its maxItems and the listings' page
// size (their `limit` default), the list's own ids filled with ids of the
// same form that name nothing: by a key barred from the other bucket with the
// other bucket's id last, by a key that may with its own. Each string of the
// body and each free-text query parameter at its maxLength and one more, and
// each number of the body at its maximum and one more, by a key that may
// (the query's also by the barred key on the allowed bucket). A server that
// skips its per-id check on a bulk path acts on the other bucket.
// A conforming server refuses a list naming what the key may not reach (404,
// 400 above maxItems) or serves the allowed bucket alone; never a 5xx.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { bodyFieldsOf, propertiesOf, type Schema } from './contract-fields.ts';
import { counterpartOf, valueAt, withValueAt } from './run-values.ts';
import { distinct, variantOf } from './variant-build.ts';
import { isFilter } from './filter-values.ts';

/** The schema of the request body's property at the path, or undefined. */
function schemaAt(input: OperatorInput, pointer: string[]): Schema | undefined {
  let node: unknown = input.route.requestBody ? { $ref: input.route.requestBody.schemaRef } : undefined;
  for (const name of pointer) {
    if (node === undefined) return undefined;
    node = propertiesOf(input.contract.doc, node)[name];
  }
  return node as Schema | undefined;
}

/** The page sizes the contract's listings use when asked for none (their `limit` default). */
const pageSizesOf = (input: OperatorInput): number[] =>
  input.contract.routes.flatMap((r) =>
    r.queryParams.flatMap((p) => (p.name === 'limit' && typeof p.schema.default === 'number' ? [p.schema.default] : [])),
  );

/** The sizes T and T+1 of each threshold T (the maxItems, each page size below it), within 2..maxItems+1. */
export function batchSizesOf(maxItems: number, pageSizes: number[]): number[] {
  const sizes = [...new Set([...pageSizes.filter((t) => t < maxItems), maxItems].flatMap((t) => [t, t + 1]))];
  return sizes.filter((n) => n >= 2 && n <= maxItems + 1).sort((a, b) => a - b);
}

/** `count` ids: the list's own, then ids of the first one's form that name nothing (`<id>-bk7`). */
function filled(list: unknown[], count: number): unknown[] {
  const made = Array.from({ length: Math.max(0, count - list.length) }, (_, i) => `${String(list[0])}-bk${i + 1}`);
  return [...list, ...made].slice(0, count);
}

function batchVariants(input: OperatorInput): Variant[] {
  const barred = input.sender === 'barred';
  const json = input.valid.allowed.json;
  const lists = bodyFieldsOf(input.contract, input.route).flatMap((field) => {
    const current = valueAt(json, field.pointer);
    const maxItems = schemaAt(input, field.pointer)?.maxItems;
    if (field.shape !== 'ids' || !Array.isArray(current) || current.length === 0 || typeof maxItems !== 'number') return [];
    const other = barred ? counterpartOf(input.seen, field.kind, current[0]) : undefined;
    if (barred && !other) return [];
    const at = field.pointer.join('.');
    return batchSizesOf(maxItems, pageSizesOf(input)).flatMap((size) =>
      variantOf(
        input,
        'batch-sizes',
        `${at}: ${size} ids${barred ? ", the other bucket's last" : ''} (maxItems ${maxItems})`,
        (b) => ({ ...b, json: withValueAt(b.json, field.pointer, barred ? [...filled(current, size - 1), other] : filled(current, size)) }),
        barred ? { aim: 'allowed', preferred: size > maxItems / 2 && size <= maxItems } : {},
      ),
    );
  });
  return [...lists, ...(barred ? [] : longBodyValues(input)), ...longQueryValues(input)];
}

/** The valid value padded to `length` characters. */
const padded = (value: string, length: number) => (value + 'x'.repeat(length)).slice(0, length);

/** Each string of the valid body at its maxLength and one more, each number at its maximum and one more. */
function longBodyValues(input: OperatorInput): Variant[] {
  const json = input.valid.allowed.json;
  if (json === null || typeof json !== 'object') return [];
  return Object.entries(json).flatMap(([name, value]) => {
    const schema = schemaAt(input, [name]);
    const one = (why: string, v: unknown) =>
      variantOf(input, 'batch-sizes', `${name} ${why}`, (b): IntendedRequest => ({ ...b, json: withValueAt(b.json, [name], v) }));
    if (typeof value === 'string' && typeof schema?.maxLength === 'number' && !schema.pattern)
      return [
        ...one(`at its maxLength ${schema.maxLength}`, padded(value, schema.maxLength)),
        ...one('one longer', padded(value, schema.maxLength + 1)),
      ];
    if (typeof value === 'number' && typeof schema?.maximum === 'number')
      return [...one(`at its maximum ${schema.maximum}`, schema.maximum), ...one('one above', schema.maximum + 1)];
    return [];
  });
}

/** Each free-text query parameter with a maxLength at it and one more (the barred key on the allowed bucket). */
function longQueryValues(input: OperatorInput): Variant[] {
  const options = input.sender === 'barred' ? ({ aim: 'allowed' } as const) : {};
  return input.route.queryParams
    .filter((p) => isFilter(p) && typeof p.schema.maxLength === 'number' && !p.schema.pattern)
    .flatMap((p) => {
      const max = p.schema.maxLength!;
      const value = input.valid.allowed.query?.[p.name] ?? '';
      return [
        ...variantOf(
          input,
          'batch-sizes',
          `?${p.name}= at its maxLength ${max}`,
          (b) => ({ ...b, query: { ...b.query, [p.name]: padded(value, max) } }),
          options,
        ),
        ...variantOf(
          input,
          'batch-sizes',
          `?${p.name}= one longer than ${max}`,
          (b) => ({ ...b, query: { ...b.query, [p.name]: padded(value, max + 1) } }),
          options,
        ),
      ];
    });
}

export const batchSizes: Operator = {
  axis: 'batch-sizes',
  about:
    "Sends id lists at and above the thresholds a server may branch on (maxItems, the page size), the other bucket's id last, and strings and numbers at their limits and one past.",
  conformingAnswers: 'a list naming the other bucket refused (404, or 400 above maxItems), or the allowed bucket alone served; never a 5xx',
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, sender, contract) =>
    route.bucketScoped &&
    ((route.requestBody !== undefined && (sender === 'holder' || bodyFieldsOf(contract, route).some((f) => f.shape === 'ids'))) ||
      route.queryParams.some((p) => isFilter(p) && p.schema.maxLength !== undefined)),
  variants: (input) => distinct(batchVariants(input)),
};
