// What a request body's schema says names something: the id, id-list and
// path fields it declares (walked through $ref, oneOf and nested objects),
// told apart by the patterns of the contract's path parameters. Pure: the
// mock and the suite read the same facts from the same bundle.
import type { OpenAPIV3_1 } from 'openapi-types';
import type { Route } from './route-table.ts';
import { resolveRef, type ApiDocument } from './spec-refs.ts';

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
export function idPatterns(routes: readonly Route[]): Set<string> {
  return new Set(routes.flatMap((r) => r.pathParams.flatMap((p) => (typeof p.schema.pattern === 'string' ? [p.schema.pattern] : []))));
}

const isId = (schema: Schema, patterns: Set<string>) => typeof schema.pattern === 'string' && patterns.has(schema.pattern);

/** What an id-named field's name says it names, as spelled (`fileIds` → file, `bucket_id` → bucket, `ShareId` → Share); undefined for another name. */
export function namedKindOf(name: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9]*?)(?:Ids?|_ids?|IDs?)$/.exec(name)?.[1];
}

/** What an id names, read from its field's name (`fileIds` → file, `destination.bucketId` → bucket); a bare list of ids names files. */
export function idKindOf(name: string): string {
  return namedKindOf(name)?.toLowerCase() ?? 'file';
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

/** Whether a field's name says it holds a path within a bucket (`path`, `prefix`, `destinationPath`). */
export const isPathFieldName = (name: string): boolean => PATH_NAME.test(name);

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

/** The id, id-list and path fields the route's request body declares, at any depth (`routes` gives the id patterns). */
export function bodyFieldsOf(doc: ApiDocument, routes: readonly Route[], route: Route): BodyField[] {
  if (!route.requestBody) return [];
  return walk(doc, { $ref: route.requestBody.schemaRef }, [], idPatterns(routes), 0);
}
