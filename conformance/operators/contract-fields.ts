// What operators read from the bundled spec's schemas: the id and path fields a
// request body declares (walked through $ref, oneOf and nested objects), the
// fields of the contract's records and of an operation's answer, and a sample
// value for a field. Nothing here names a route or a field by hand.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from '../../openapi/contract/route-table.ts';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { OperatorContract } from './operator-types.ts';

type Schema = OpenAPIV3_1.SchemaObject;

const resolved = (doc: ApiDocument, node: unknown): Schema => resolveRef<Schema>(doc, node);

/** The properties of an object schema, through $ref, allOf, oneOf and anyOf (the union of the branches, first one wins). */
export function propertiesOf(doc: ApiDocument, node: unknown): Record<string, Schema> {
  const schema = resolved(doc, node);
  const props: Record<string, Schema> = {};
  for (const branch of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) {
    for (const [name, value] of Object.entries(propertiesOf(doc, branch))) props[name] ??= value;
  }
  for (const [name, value] of Object.entries(schema.properties ?? {})) props[name] ??= resolved(doc, value);
  return props;
}

/** The patterns of the contract's path parameters: a body string of the same pattern is an id. */
export function idPatterns(contract: OperatorContract): Set<string> {
  return new Set(
    contract.routes.flatMap((r) => r.pathParams.flatMap((p) => (typeof p.schema.pattern === 'string' ? [p.schema.pattern] : []))),
  );
}

const isId = (schema: Schema, patterns: Set<string>) => typeof schema.pattern === 'string' && patterns.has(schema.pattern);

/** What an id names, read from its field's name (`fileIds` → file, `destination.bucketId` → bucket); a bare list of ids names files. */
export function idKindOf(name: string): string {
  const match = /^(.*?)Ids?$/.exec(name);
  return match && match[1] !== '' ? match[1].toLowerCase() : 'file';
}

/** A field of a request body that names something: an id, a list of ids, or a path within a bucket. */
export interface BodyField {
  /** Property names from the body's root, e.g. ['destination', 'bucketId']. */
  pointer: string[];
  shape: 'id' | 'ids' | 'path';
  /** For ids: what they name (file, bucket, workspace, upload, ...). */
  kind: string;
}

const PATH_NAME = /(^|[a-z])(path|prefix)$/i;

function walk(doc: ApiDocument, node: unknown, pointer: string[], patterns: Set<string>, depth: number): BodyField[] {
  if (depth > 4) return [];
  return Object.entries(propertiesOf(doc, node)).flatMap(([name, schema]): BodyField[] => {
    const at = [...pointer, name];
    const items = schema.type === 'array' && schema.items ? resolved(doc, schema.items) : undefined;
    if (isId(schema, patterns)) return [{ pointer: at, shape: 'id', kind: idKindOf(name) }];
    if (items && isId(items, patterns)) return [{ pointer: at, shape: 'ids', kind: idKindOf(name) }];
    if (schema.type === 'string' && PATH_NAME.test(name)) return [{ pointer: at, shape: 'path', kind: 'path' }];
    if (schema.type === 'object' || schema.properties || schema.oneOf || schema.allOf) return walk(doc, schema, at, patterns, depth + 1);
    return [];
  });
}

/** The id, id-list and path fields the route's request body declares, at any depth. */
export function bodyFieldsOf(contract: OperatorContract, route: Route): BodyField[] {
  if (!route.requestBody) return [];
  return walk(contract.doc, { $ref: route.requestBody.schemaRef }, [], idPatterns(contract), 0);
}

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
