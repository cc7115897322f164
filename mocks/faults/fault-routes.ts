// The classes of routes that faults of many routes act on, read from the
// served spec's route table and schemas as the suite reads them: which
// operations name files and where, which list a bucket's own records.
// Nothing here names an operation or a field by hand.
import { bodyFieldsOf, propertiesOf } from '../../openapi/contract/body-fields.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { ComponentDeps } from '../core/components.ts';
import type { OperationId } from '../core/handler-context.ts';

export interface FaultRoutes {
  /** Operations naming ready files of the route's bucket: by `{fileId}` in the path, or a body field named for files (`fileId`, `fileIds`). */
  fileTakers: OperationId[];
  /** Operations whose request names files at all: the takers, and those whose body lists file ids by what it does to them (a trash update's `restore`, `purge`). */
  fileNamers: OperationId[];
  /** Operations whose body names several files in a list named for files (`fileIds`). */
  fileLists: OperationId[];
  /** GET listings of a bucket's own records beside its files: items with an `id` of their own, of another schema than the files'. */
  recordListings: OperationId[];
  /** Per operation, where its body names files (property names from the root) and whether in a list. */
  fileFields: Partial<Record<OperationId, { pointer: string[]; list: boolean; namedForFiles: boolean }[]>>;
}

// The mock refuses a spec whose operations its handler table lacks, so every operation id of the route table is an OperationId.
const ids = (routes: readonly Route[]): OperationId[] => routes.map((r) => r.operationId as OperationId);

/** A field named for what it holds (`fileIds`), not for what the request does with it (`restore`). */
const namedForFiles = (pointer: string[]) => /^files?Ids?$/i.test(pointer[pointer.length - 1]);

const cache = new WeakMap<object, FaultRoutes>();

/** The route classes of the mock's spec (computed once per spec). */
export function faultRoutes({ spec, routes }: Pick<ComponentDeps, 'spec' | 'routes'>): FaultRoutes {
  const known = cache.get(spec);
  if (known) return known;
  const fileFields: FaultRoutes['fileFields'] = {};
  for (const route of routes) {
    const fields = bodyFieldsOf(spec, routes, route)
      .filter((f) => f.kind === 'file' && f.shape !== 'path')
      .map((f) => ({ pointer: f.pointer, list: f.shape === 'ids', namedForFiles: namedForFiles(f.pointer) }));
    if (fields.length) fileFields[route.operationId as OperationId] = fields;
  }
  const fieldsOf = (r: Route) => fileFields[r.operationId as OperationId] ?? [];
  const inPath = (r: Route) => r.pathParams.some((p) => p.name === 'fileId');
  // The files' schema: what the routes that name a file in their path answer with.
  const fileSchemas = new Set(routes.filter(inPath).map((r) => r.successSchemaRef));
  const listsRecords = (r: Route) =>
    Object.values(propertiesOf(spec, { $ref: r.successSchemaRef })).some((p) => {
      const items = p.type === 'array' ? (p.items as { $ref?: string } | undefined) : undefined;
      return items?.$ref !== undefined && !fileSchemas.has(items.$ref) && 'id' in propertiesOf(spec, items);
    });
  const found: FaultRoutes = {
    fileTakers: ids(routes.filter((r) => inPath(r) || fieldsOf(r).some((f) => f.namedForFiles))),
    fileNamers: ids(routes.filter((r) => inPath(r) || fieldsOf(r).length > 0)),
    fileLists: ids(routes.filter((r) => fieldsOf(r).some((f) => f.list && f.namedForFiles))),
    recordListings: ids(routes.filter((r) => r.method === 'GET' && r.bucketScoped && listsRecords(r))),
    fileFields,
  };
  cache.set(spec, found);
  return found;
}

const at = (body: unknown, pointer: string[]): unknown =>
  pointer.reduce<unknown>((node, name) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[name] : undefined), body);

/**
 * The file ids a request names: `{fileId}` in its path, then its body's file fields in the spec's order. `only`
 * narrows them to the body's lists (`list`) or to the fields named for files (`namedForFiles`).
 */
export function fileIdsNamed(
  routes: FaultRoutes,
  operationId: OperationId,
  request: { params: Record<string, unknown>; body: unknown },
  only: { namedForFiles?: boolean; list?: boolean } = {},
): string[] {
  const wanted = (value: boolean, narrowed: boolean | undefined) => narrowed === undefined || value === narrowed;
  const fields = (routes.fileFields[operationId] ?? []).filter(
    (f) => wanted(f.namedForFiles, only.namedForFiles) && wanted(f.list, only.list),
  );
  const inPath = only.list ? [] : [request.params.fileId];
  const values = [...inPath, ...fields.flatMap((f) => [at(request.body, f.pointer)].flat())];
  return values.filter((v): v is string => typeof v === 'string');
}
