// Discriminated unions for Ajv. Ajv checks a `discriminator` by validating only
// the branch its tag names, so errors name that branch's fields instead of every
// branch's, but it refuses `mapping`, which code generators and Redocly need. The
// copy given to Ajv keeps the tag's values on the discriminator and marks each
// branch with its tag, so an error can say "is required when event is schedule".
import type { ErrorObject } from 'ajv/dist/2020.js';

/** Where the copy keeps a discriminator's values (Ajv ignores unknown members of the keyword). */
const VALUES = 'x-bucketkit-values';
/** Where the copy marks a branch schema with the tag that selects it. */
const TAG = 'x-bucketkit-tag';

type Node = Record<string, unknown>;

const isDiscriminator = (value: unknown): value is { propertyName: string; mapping?: Record<string, string> } =>
  !!value && typeof value === 'object' && typeof (value as Node).propertyName === 'string';

/**
 * A deep copy of `components` for Ajv: every discriminator without `mapping` (its
 * values kept aside), every branch it maps marked with the tag name.
 */
export function withAjvDiscriminators<T>(components: T): T {
  const branchTags = new Map<string, string>();
  const copy = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((n) => copy(n));
    if (!node || typeof node !== 'object') return node;
    if (key === 'discriminator' && isDiscriminator(node)) {
      const { mapping = {}, ...rest } = node;
      for (const ref of Object.values(mapping)) branchTags.set(ref, node.propertyName);
      return { ...rest, [VALUES]: Object.keys(mapping) };
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, copy(v, k)]));
  };
  const result = copy(components) as { schemas?: Record<string, Node> };
  for (const [ref, tag] of branchTags) {
    const name = /^#\/components\/schemas\/([^/]+)$/.exec(ref)?.[1];
    const branch = name ? result.schemas?.[name] : undefined;
    if (!branch) throw new Error(`A discriminator maps to ${ref}, which is not a component schema`);
    branch[TAG] = tag;
  }
  return result as T;
}

/** A field error's pointer and message for a discriminator error, or for a field a branch requires. Needs Ajv's `verbose`. */
export function discriminatedError(e: ErrorObject): { pointer: string; message: string } | undefined {
  if (e.keyword === 'discriminator') {
    const { tag, tagValue } = e.params as { tag: string; tagValue?: unknown };
    const values = ((e.schema as Node | undefined)?.[VALUES] as string[] | undefined) ?? [];
    const message =
      tagValue === undefined ? 'is required' : typeof tagValue !== 'string' ? 'must be a string' : `must be one of: ${values.join(', ')}`;
    return { pointer: `${e.instancePath}/${tag}`, message };
  }
  const branch = e.parentSchema as Node | undefined;
  const tag = branch?.[TAG] as string | undefined;
  if (e.keyword !== 'required' || !tag) return undefined;
  const missing = (e.params as { missingProperty: string }).missingProperty;
  if (missing === tag) return undefined;
  const value = ((branch?.properties as Record<string, { const?: unknown }> | undefined)?.[tag] ?? {}).const;
  return { pointer: `${e.instancePath}/${missing}`, message: `is required when ${tag} is ${String(value)}` };
}
