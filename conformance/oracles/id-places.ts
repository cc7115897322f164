// Where the contract puts an id of each kind of resource, so a marker of the
// other bucket counts only where a value of its kind stands: a server may
// count each kind from 1 on its own (a file, a share and an upload may all be
// "9"), so the same digits at another kind's place are no evidence. Derived
// from the OpenAPI bundle: a route's answer holds its resource (a listing's
// items are its item schema), `fooId`/`fooIds` fields hold Foo ids, and a
// path segment after a collection holds that collection's resource id.
import { namedKindOf } from '../../openapi/contract/body-fields.ts';
import { loadBundledSpec, loadRouteTable } from '../../openapi/contract/load-spec.ts';

const schemaName = (ref: string | undefined) => ref?.split('/').pop();

let resources: Map<string, string> | undefined;
let collections: Map<string, string> | undefined;

/** A resource name as fields and path parameters spell it: File for `fileId`, Share for `shareIds`. */
const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The resource whose ids an id-named field holds: `id` → the answer's own (undefined here); `fileId`, `file_ids` → File. */
export function resourceOfField(name: string): string | undefined {
  const kind = namedKindOf(name);
  return kind ? capital(kind) : undefined;
}

/** The resource of a bucket's id, as the contract's `bucketId` names it. */
export const BUCKET_RESOURCE = resourceOfField('bucketId')!;

/** The resource a route's success answer holds: its schema's, or its listing items' (FileList → File). */
export function resourceOfRoute(operationId: string): string | undefined {
  if (!resources) {
    const spec = loadBundledSpec() as { components?: { schemas?: Record<string, { properties?: Record<string, unknown> }> } };
    const schemas = spec.components?.schemas ?? {};
    resources = new Map();
    for (const route of loadRouteTable()) {
      const name = schemaName(route.successSchemaRef);
      const data = name ? (schemas[name]?.properties?.data as { type?: string; items?: { $ref?: string } } | undefined) : undefined;
      const item = data?.type === 'array' ? schemaName(data.items?.$ref) : undefined;
      if (name) resources.set(route.operationId, item ?? name);
    }
  }
  return resources.get(operationId);
}

/** The resource whose id a path segment after `collection` holds (`files` → File), from the contract's path templates. */
export function resourceAfterSegment(collection: string): string | undefined {
  if (!collections) {
    collections = new Map();
    for (const route of loadRouteTable()) {
      const segments = route.pathTemplate.split('/');
      segments.forEach((segment, i) => {
        const param = /^\{(.+)\}$/.exec(segment)?.[1];
        const resource = param ? resourceOfField(param) : undefined;
        if (resource && i > 0) collections!.set(segments[i - 1], resource);
      });
    }
  }
  return collections.get(collection);
}
