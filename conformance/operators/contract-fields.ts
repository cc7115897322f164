// What operators read from the bundled spec's schemas: the id and path fields a
// request body declares (openapi/contract/body-fields.ts, which the mock reads
// too), the fields of the contract's records and of an operation's answer, and
// a sample value for a field. Nothing here names a route or a field by hand.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { OperatorContract } from './operator-types.ts';
import { bodyFieldsOf as fieldsOf, idPatterns as patternsOf, propertiesOf, type BodyField } from '../../openapi/contract/body-fields.ts';

type Schema = OpenAPIV3_1.SchemaObject;

const resolved = (doc: ApiDocument, node: unknown): Schema => resolveRef<Schema>(doc, node);

export { idKindOf, propertiesOf, type BodyField } from '../../openapi/contract/body-fields.ts';

/** The patterns of the contract's path parameters: a body string of the same pattern is an id. */
export const idPatterns = (contract: OperatorContract): Set<string> => patternsOf(contract.routes);

/** The id, id-list and path fields the route's request body declares, at any depth. */
export const bodyFieldsOf = (contract: OperatorContract, route: Route): BodyField[] => fieldsOf(contract.doc, contract.routes, route);

/** The top-level property names the route's request body takes. */
export function requestPropertiesOf(contract: OperatorContract, route: Route): Set<string> {
  return new Set(route.requestBody ? Object.keys(propertiesOf(contract.doc, { $ref: route.requestBody.schemaRef })) : []);
}

/** Whether the request body requires no property (a body of one foreign field alone is then its whole shape). */
export function requiresNothing(contract: OperatorContract, route: Route): boolean {
  if (!route.requestBody) return false;
  const schema = resolved(contract.doc, { $ref: route.requestBody.schemaRef });
  const branches = [schema, ...(schema.oneOf ?? []).map((b) => resolved(contract.doc, b))];
  return branches.every((b) => (b.required ?? []).length === 0) && !schema.oneOf;
}

/** The records of the contract: the component schemas with an `id` property. */
function recordSchemas(doc: ApiDocument): Schema[] {
  return Object.values(doc.components?.schemas ?? {})
    .map((s) => resolved(doc, s))
    .filter((s) => s.properties && 'id' in s.properties);
}

/** The fields of the route's success answer and of the records it holds (one level into arrays and objects). */
export function answerFieldsOf(contract: OperatorContract, route: Route): Record<string, Schema> {
  const top = propertiesOf(contract.doc, { $ref: route.successSchemaRef });
  const fields: Record<string, Schema> = { ...top };
  for (const schema of Object.values(top)) {
    const inner = schema.type === 'array' && schema.items ? schema.items : schema.type === 'object' ? schema : undefined;
    if (inner) for (const [name, value] of Object.entries(propertiesOf(contract.doc, inner))) fields[name] ??= value;
  }
  return fields;
}

/**
 * The fields a writing route's body must not set: those of its answer and of every record of the contract that its
 * request body does not take (ids, the bucket and workspace a record lives in, sizes, statuses, timestamps, ...).
 */
export function foreignFieldsOf(contract: OperatorContract, route: Route): [string, Schema][] {
  const takes = requestPropertiesOf(contract, route);
  const fields: Record<string, Schema> = { ...answerFieldsOf(contract, route) };
  for (const record of recordSchemas(contract.doc)) {
    for (const [name, value] of Object.entries(propertiesOf(contract.doc, record))) fields[name] ??= value;
  }
  return Object.entries(fields).filter(([name]) => !takes.has(name));
}

/** A plausible value of a schema: its const, first enum value, example or default, else one of its type. */
export function sampleOf(doc: ApiDocument, node: unknown): unknown {
  const schema = resolved(doc, node);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const examples = (schema as { examples?: unknown[] }).examples;
  if (examples?.length) return examples[0];
  if (schema.default !== undefined) return schema.default;
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0];
  if (branch) return sampleOf(doc, branch);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'integer' || type === 'number') return Math.max(Number(schema.minimum ?? 0), 1) + 6;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (schema.format === 'date-time') return '2001-02-03T04:05:06Z';
  if (schema.format === 'uri') return 'https://example.invalid/bucketkit';
  return 'bucketkit';
}
