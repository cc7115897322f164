// What the suite reads from the bundled spec's schemas: the id and path fields
// a request body declares (openapi/contract/body-fields.ts, the one walker,
// which the mock reads too), the properties it offers, the fields of the
// contract's records and of an operation's answer, the fields only a server
// sets on a record, and a sample value for a field. The operators and the
// operation books read it alike; nothing here names a route or a field by hand.
import type { OpenAPIV3_1 } from 'openapi-types';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { OperatorContract } from './operator-types.ts';
import {
  bodyFieldsOf as fieldsOf,
  idPatterns as patternsOf,
  isPathFieldName,
  propertiesOf,
  type BodyField,
} from '../../openapi/contract/body-fields.ts';

/** A schema object of the bundled spec. */
export type Schema = OpenAPIV3_1.SchemaObject;

const resolved = (doc: ApiDocument, node: unknown): Schema => resolveRef<Schema>(doc, node);

let bundled: OperatorContract | undefined;

/** The bundled spec's route table and document, which every walk here reads (loaded once per process). */
export function loadContract(): OperatorContract {
  return (bundled ??= { routes: loadRouteTable(), doc: loadBundledSpec() });
}

export { idKindOf, propertiesOf, type BodyField } from '../../openapi/contract/body-fields.ts';

/** The patterns of the contract's path parameters: a body string of the same pattern is an id. */
export const idPatterns = (contract: OperatorContract): Set<string> => patternsOf(contract.routes);

/** Whether a field's name says it holds a path within a bucket (`path`, `prefix`, `destinationPath`). */
export const isPathName = (name: string): boolean => isPathFieldName(name);

/** Whether a schema is an id of the contract (the pattern of its path parameters). */
export const isIdSchema = (contract: OperatorContract, schema: Schema): boolean =>
  typeof schema.pattern === 'string' && idPatterns(contract).has(schema.pattern);

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

/** Whether a schema allows null: a `null` type, or a branch that is one. */
function nullable(doc: ApiDocument, schema: Schema): boolean {
  if ([schema.type].flat().includes('null' as never)) return true;
  return [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some((branch) => nullable(doc, resolved(doc, branch)));
}

/** The record a route answers with: the items of its listing (its answer's array property), else the answer itself. */
function recordOf(contract: OperatorContract, route: Route): Schema {
  const answer = resolved(contract.doc, { $ref: route.successSchemaRef });
  const list = Object.values(propertiesOf(contract.doc, answer)).find((p) => p.type === 'array');
  return list?.type === 'array' && list.items ? resolved(contract.doc, list.items) : answer;
}

/**
 * The fields only a server sets on the record a route answers with (a listing: its items): those the record always
 * carries (required, never null) that no write answering with that same record takes in its body. For a file:
 * its ids, path, name, size, content type, status and times; its tags and description are its update's to give.
 */
export function serverSetFieldsOf(contract: OperatorContract, route: Route): [string, Schema][] {
  const record = recordOf(contract, route);
  const given = new Set(
    contract.routes
      .filter((r) => r.mutates && resolved(contract.doc, { $ref: r.successSchemaRef }) === record)
      .flatMap((r) => [...requestPropertiesOf(contract, r)]),
  );
  const fields = propertiesOf(contract.doc, record);
  return (record.required ?? [])
    .filter((name) => fields[name] !== undefined && !given.has(name) && !nullable(contract.doc, fields[name]))
    .map((name) => [name, fields[name]]);
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
