// Where an operation's request names files and buckets, for its book: the
// body fields the contract's schema names so (`fileId`, `fileIds` at the top,
// `bucketId` at any depth), read through the suite's one walker of request
// schemas (operators/contract-fields.ts), so a field the contract adds is
// known to every book without being typed again.
import type { Route } from '../../openapi/contract/route-table.ts';
import { bodyFieldsOf, loadContract } from '../operators/contract-fields.ts';
import { routeById, type OperationId } from '../client/request-builder.ts';
import type { RequestNames } from './operation-book.ts';

/** The request-body fields of a route whose names say they hold files (`fileId`, `fileIds`), at the body's top. */
export function bodyFileFields(route: Route): string[] {
  return bodyFieldsOf(loadContract(), route)
    .filter((f) => f.kind === 'file' && f.shape !== 'path' && f.pointer.length === 1 && /Ids?$/.test(f.pointer[0]))
    .map((f) => f.pointer[0]);
}

/** The request-body fields of a route that name a bucket, dotted from the body's top (`destination.bucketId`). */
function bodyBucketFields(route: Route): string[] {
  return bodyFieldsOf(loadContract(), route)
    .filter((f) => f.kind === 'bucket' && f.shape === 'id')
    .map((f) => f.pointer.join('.'));
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
