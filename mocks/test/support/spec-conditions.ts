// Test support: the conditional fields the bundled spec states, read from its
// discriminated unions. A field is conditional when one branch requires it and
// another does not, or when every branch requires it but each with a schema
// of its own (a suggestion's proposal): then the fields that schema requires.
import type { ApiDocument } from '../../../openapi/contract/spec-refs.ts';

type Schema = Record<string, any>;

export interface Union {
  /** The component holding the discriminator. */
  name: string;
  tag: string;
  /** Tag value → branch component reference. */
  mapping: Record<string, string>;
}

export interface ConditionalField {
  union: string;
  tag: string;
  value: string;
  /** Relative to the object that carries the tag, e.g. `cron` or `proposal/tags`. */
  field: string;
  /** What the validator says when it is missing. */
  message: string;
}

const resolve = (doc: ApiDocument, ref: string): Schema =>
  ref
    .split('/')
    .slice(1)
    .reduce((node: any, part) => node?.[part], doc) as Schema;

/** The discriminated unions reachable from the given component references. */
export function unionsReachableFrom(doc: ApiDocument, refs: readonly string[]): Union[] {
  const seen = new Set<string>();
  const unions: Union[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as Schema;
    if (typeof schema.$ref === 'string') {
      if (seen.has(schema.$ref)) return;
      seen.add(schema.$ref);
      const target = resolve(doc, schema.$ref);
      if (target.discriminator?.mapping)
        unions.push({ name: schema.$ref.split('/').pop()!, tag: target.discriminator.propertyName, mapping: target.discriminator.mapping });
      return visit(target);
    }
    for (const [key, value] of Object.entries(schema)) if (key !== 'discriminator' && key !== 'examples') visit(value);
  };
  refs.forEach((ref) => visit({ $ref: ref }));
  return unions;
}

/** The conditional fields of a union, one entry per branch and field. */
export function conditionalFields(doc: ApiDocument, union: Union): ConditionalField[] {
  const branches = Object.entries(union.mapping).map(([value, ref]) => ({ value, schema: resolve(doc, ref) }));
  const requiredEverywhere = (name: string) => branches.every((b) => (b.schema.required ?? []).includes(name));
  const ownSchema = (name: string) => new Set(branches.map((b) => b.schema.properties?.[name]?.$ref)).size > 1;
  const fields: ConditionalField[] = [];
  for (const { value, schema } of branches) {
    const at = { union: union.name, tag: union.tag, value };
    for (const name of schema.required ?? []) {
      if (name === union.tag) continue;
      if (!requiredEverywhere(name)) fields.push({ ...at, field: name, message: `is required when ${union.tag} is ${value}` });
      else if (ownSchema(name)) {
        const inner = resolve(doc, schema.properties[name].$ref);
        for (const sub of inner.required ?? []) fields.push({ ...at, field: `${name}/${sub}`, message: 'is required' });
      }
    }
  }
  return fields;
}

/** The fields some branch of the union takes and this branch does not (sending one is an unknown field). */
export function foreignFields(doc: ApiDocument, union: Union, value: string): string[] {
  const own = Object.keys(resolve(doc, union.mapping[value]).properties ?? {});
  const all = Object.values(union.mapping).flatMap((ref) => Object.keys(resolve(doc, ref).properties ?? {}));
  return [...new Set(all)].filter((name) => !own.includes(name));
}

/** Every object inside `value` (with its JSON pointer) whose `tag` property equals `tagValue`. */
export function objectsTagged(value: unknown, tag: string, tagValue: string, pointer = ''): { pointer: string; node: Schema }[] {
  if (!value || typeof value !== 'object') return [];
  const found: { pointer: string; node: Schema }[] = [];
  if (!Array.isArray(value) && (value as Schema)[tag] === tagValue) found.push({ pointer, node: value as Schema });
  for (const [key, child] of Object.entries(value)) found.push(...objectsTagged(child, tag, tagValue, `${pointer}/${key}`));
  return found;
}
