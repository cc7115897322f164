// Test support: valid instances of a schema of the bundled spec, made
// deterministically over the keywords the spec uses. Every branch of a oneOf
// (and every enum value, both sides of a nullable type) appears in at least one
// instance; an object comes with all its properties and with its required ones
// only. A keyword the generator does not know throws, so a new construct in the
// spec cannot slip through untested.
import type { ApiDocument } from '../../../openapi/contract/spec-refs.ts';

type Schema = Record<string, any>;

/** Chooses a value where the generated one will not do (a real id, a path not taken yet). */
export type Pick = (at: { ref?: string; pointer: string; generated: unknown }) => unknown;

const KNOWN = new Set([
  ...['$ref', 'type', 'enum', 'const', 'format', 'default', 'description', 'examples', 'example'],
  ...['minLength', 'maxLength', 'pattern', 'minimum', 'maximum'],
  ...['properties', 'required', 'additionalProperties', 'unevaluatedProperties', 'minProperties'],
  ...['items', 'minItems', 'maxItems', 'uniqueItems', 'oneOf', 'discriminator', 'if', 'then', 'else'],
]);

const FORMATTED: Record<string, unknown> = { 'date-time': '2026-01-02T03:04:05Z', uri: 'https://example.org/x', 'uri-reference': '/x' };

/** Instances of `schema`, each valid against it (`pick` may replace what it names; it is asked afresh for each instance). */
export function schemaInstances(doc: ApiDocument, schema: Schema, pick: Pick = (at) => at.generated): unknown[] {
  const resolve = (ref: string): Schema => {
    const [, ...parts] = ref.split('/');
    return parts.reduce((node: any, part) => node?.[part], doc) ?? fail(`unresolved ${ref}`);
  };
  const counts = new WeakMap<Schema, number>();

  /** How many instances a schema yields. */
  const count = (node: Schema): number => {
    if (node.$ref) return count(resolve(node.$ref));
    let n = counts.get(node);
    if (n === undefined) counts.set(node, (n = countOf(node)));
    return n;
  };
  const countOf = (node: Schema): number => {
    const unknown = Object.keys(node).find((k) => !KNOWN.has(k) && !k.startsWith('x-'));
    if (unknown) fail(`keyword ${unknown} is not supported`);
    if (node.oneOf) return node.oneOf.reduce((sum: number, branch: Schema) => sum + count(branch), 0);
    if (node.if) return count(withNeeded(node)) + 1;
    if (node.const !== undefined) return 1;
    if (node.enum) return node.enum.length;
    const types: string[] = Array.isArray(node.type) ? node.type : [node.type ?? fail('a schema without type')];
    return types.reduce((sum, type) => sum + countOfType(type, node), 0);
  };
  const countOfType = (type: string, node: Schema): number => {
    if (type === 'boolean') return 2;
    if (type === 'array') return count(node.items ?? fail('an array without items'));
    if (type !== 'object') return 1;
    const props = Object.values((node.properties ?? {}) as Record<string, Schema>);
    return Math.max(1, ...props.map(count)) + (leastNames(node).length < props.length ? 1 : 0);
  };

  // The base of an if/then/else with every field a `then` or an `else` requires: valid whichever side applies.
  const withNeeded = (node: Schema): Schema => {
    const { if: _test, then: yes = {}, else: no = {}, ...base } = node;
    const needed = [...(base.required ?? []), ...(yes.required ?? []), ...(no.required ?? [])];
    return { ...base, required: [...new Set(needed)] };
  };
  // The required properties, and optional ones in order until minProperties is met.
  const leastNames = (node: Schema): string[] => {
    const least: string[] = [...(node.required ?? [])];
    for (const name of Object.keys(node.properties ?? {}))
      if (least.length < (node.minProperties ?? 0) && !least.includes(name)) least.push(name);
    return least;
  };

  /** The v-th instance of a schema. */
  const nth = (node: Schema, pointer: string, v: number, ref?: string): unknown => {
    if (node.$ref) return nth(resolve(node.$ref), pointer, v, node.$ref);
    count(node);
    if (node.oneOf) {
      for (const branch of node.oneOf as Schema[]) {
        if (v < count(branch)) return nth(branch, pointer, v);
        v -= count(branch);
      }
    }
    return pick({ ref, pointer, generated: own(node, pointer, v) });
  };
  const own = (node: Schema, pointer: string, v: number): unknown => {
    if (node.if) {
      const base = withNeeded(node);
      if (v < count(base)) return own(base, pointer, v);
      const consts = Object.entries(node.if.properties ?? {}).map(([k, s]) => [
        k,
        (s as Schema).const ?? fail(`an if without const at ${pointer}`),
      ]);
      return { ...(own(base, pointer, 0) as object), ...Object.fromEntries(consts) };
    }
    if (node.const !== undefined) return node.const;
    if (node.enum) return node.enum[v];
    const types: string[] = Array.isArray(node.type) ? node.type : [node.type];
    for (const type of types) {
      if (v < countOfType(type, node)) return ofType(type, node, pointer, v);
      v -= countOfType(type, node);
    }
    return fail(`no instance ${v} at ${pointer}`);
  };

  const ofType = (type: string, node: Schema, pointer: string, v: number): unknown => {
    const example = node.examples?.[0] ?? node.example;
    switch (type) {
      case 'null':
        return null;
      case 'boolean':
        return v === 0;
      case 'integer':
      case 'number':
        return example ?? node.minimum ?? Math.min(node.maximum ?? 1, 1);
      case 'string':
        if (example !== undefined) return example;
        if (node.format) return FORMATTED[node.format] ?? fail(`format ${node.format} at ${pointer}`);
        if (node.pattern) return fail(`a pattern without an example at ${pointer}: add one to the spec`);
        return 'x'.repeat(Math.max(node.minLength ?? 1, 1));
      case 'array': {
        const length = Math.max(node.minItems ?? 1, 1);
        if (node.uniqueItems && length > 1) fail(`${length} unique items at ${pointer}`);
        return Array.from({ length }, (_, i) => nth(node.items, `${pointer}/${i}`, v));
      }
      case 'object': {
        const props = Object.entries((node.properties ?? {}) as Record<string, Schema>);
        const width = Math.max(1, ...props.map(([, s]) => count(s)));
        // All properties, each at its own variant; past those, the least object that is valid.
        const names = v < width ? props.map(([name]) => name) : leastNames(node);
        const at = v < width ? v : 0;
        const schemaOf = Object.fromEntries(props);
        return Object.fromEntries(names.map((n) => [n, nth(schemaOf[n], `${pointer}/${n}`, at % count(schemaOf[n]))]));
      }
      default:
        return fail(`type ${type} at ${pointer}`);
    }
  };

  return Array.from({ length: count(schema) }, (_, v) => nth(schema, '', v));
}

function fail(message: string): never {
  throw new Error(`schemaInstances: ${message}`);
}
