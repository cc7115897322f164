// uniqueItems in O(n): Ajv's own check compares every pair of items whose
// type it cannot see (items behind a $ref), so 40,000 ids took 14 s. Schemas
// are compiled with `uniqueItems` renamed to this keyword, which hashes a
// canonical form of each item instead; same meaning, same error.
import type { Ajv2020, ErrorObject, FuncKeywordDefinition } from 'ajv/dist/2020.js';

export const FAST_UNIQUE_KEYWORD = 'x-bucketkit-unique-items';

/** JSON text with object keys sorted, so equal JSON values (in the JSON Schema sense) give equal text. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
}

/** Registers the keyword on an Ajv instance. */
export function addFastUniqueItems(ajv: Ajv2020): void {
  const check = (enabled: boolean, data: unknown[], parentSchema?: { maxItems?: number }): boolean => {
    validate.errors = [];
    // An array over maxItems is refused by maxItems already; hashing a huge one would only cost time.
    if (!enabled || (parentSchema?.maxItems !== undefined && data.length > parentSchema.maxItems)) return true;
    const seen = new Map<string, number>();
    for (let j = 0; j < data.length; j++) {
      const item = data[j];
      const key = typeof item === 'string' ? `s${item}` : canonical(item);
      const i = seen.get(key);
      if (i !== undefined) {
        validate.errors = [
          {
            keyword: 'uniqueItems',
            params: { i: j, j: i },
            message: `must NOT have duplicate items (items ## ${i} and ${j} are identical)`,
          },
        ];
        return false;
      }
      seen.set(key, j);
    }
    return true;
  };
  const validate = Object.assign(check, { errors: [] as Partial<ErrorObject>[] });
  ajv.addKeyword({
    keyword: FAST_UNIQUE_KEYWORD,
    type: 'array',
    schemaType: 'boolean',
    errors: true,
    validate: validate as FuncKeywordDefinition['validate'],
  });
}

/** A deep copy of a schema tree with every `uniqueItems` renamed to the fast keyword. */
export function withFastUniqueItems<T>(node: T): T {
  if (Array.isArray(node)) return node.map(withFastUniqueItems) as T;
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    // Only a keyword position holds a boolean uniqueItems; a property named uniqueItems holds a schema object.
    if (key === 'uniqueItems' && typeof value === 'boolean') copy[FAST_UNIQUE_KEYWORD] = value;
    else copy[key] = withFastUniqueItems(value);
  }
  return copy as T;
}
