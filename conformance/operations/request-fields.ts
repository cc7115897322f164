// What an operation's request schema says about its fields: which name files
// (`fileId`, `fileIds`) and buckets (`bucketId`, at any depth), and which
// properties its body offers. Read from the bundled spec, so a field the
// contract adds is known to every book without being typed again.
import type { Route } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { resolveRef } from '../../openapi/contract/spec-refs.ts';
import { routeById, type OperationId } from '../client/request-builder.ts';
import type { RequestNames } from './operation-book.ts';

interface SchemaNode {
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  allOf?: SchemaNode[];
}

const resolved = (node: SchemaNode): SchemaNode => (node.$ref ? resolveRef<SchemaNode>(loadBundledSpec(), { $ref: node.$ref }) : node);
const branches = (schema: SchemaNode) => [...(schema.oneOf ?? []), ...(schema.anyOf ?? []), ...(schema.allOf ?? [])];

/** The request-body fields of a route that name files (`fileId`, `fileIds`), read from its schema. */
export function bodyFileFields(route: Route): string[] {
  if (!route.requestBody) return [];
  const names = new Set<string>();
  // A body of several kinds (a discriminated union) names files in any of its branches.
  const visit = (node: SchemaNode) => {
    const schema = resolved(node);
    Object.keys(schema.properties ?? {}).forEach((name) => names.add(name));
    branches(schema).forEach(visit);
  };
  visit({ $ref: route.requestBody.schemaRef });
  return [...names].filter((name) => name === 'fileId' || name === 'fileIds');
}

/** The request-body fields of a route that name a bucket, dotted from the body's top (`destination.bucketId`). */
export function bodyBucketFields(route: Route): string[] {
  if (!route.requestBody) return [];
  const found = new Set<string>();
  const visit = (node: SchemaNode, prefix: string, depth: number) => {
    if (depth > 8) return;
    const schema = resolved(node);
    for (const [name, child] of Object.entries(schema.properties ?? {})) {
      if (name === 'bucketId') found.add(`${prefix}${name}`);
      else visit(child, `${prefix}${name}.`, depth + 1);
    }
    if (schema.items) visit(schema.items, prefix, depth + 1);
    branches(schema).forEach((branch) => visit(branch, prefix, depth + 1));
  };
  visit({ $ref: route.requestBody.schemaRef }, '', 0);
  return [...found];
}

/** The properties a route's body schema itself offers (its top level, as the schema names them). */
export function offeredFields(route: Route): string[] {
  const ref = route.requestBody && { $ref: route.requestBody.schemaRef };
  return ref ? Object.keys(resolveRef<{ properties?: object }>(loadBundledSpec(), ref).properties ?? {}) : [];
}

/**
 * Where an operation's request names files and buckets: `{fileId}` in its path and the body fields its schema
 * names so, plus what a book declares where the contract does not say it by name (a trash update's `restore`).
 */
export function namedIn(operationId: OperationId, declared: Partial<RequestNames> = {}): RequestNames {
  const route = routeById(operationId);
  return {
    files: [...(route.pathTemplate.includes('{fileId}') ? ['{fileId}'] : []), ...bodyFileFields(route), ...(declared.files ?? [])],
    buckets: [...bodyBucketFields(route), ...(declared.buckets ?? [])],
  };
}
