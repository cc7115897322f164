// Reference resolution inside a bundled OpenAPI document. Pure: usable in
// Node and in the browser alike.
import type { OpenAPIV3_1 } from 'openapi-types';

export type ApiDocument = OpenAPIV3_1.Document;

/** Follows a local `#/components/...` reference inside the document. */
export function resolveRef<T>(doc: ApiDocument, node: unknown): T {
  let current = node as { $ref?: string };
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`Reference loop at ${current.$ref}`);
    if (!current.$ref.startsWith('#/')) throw new Error(`Only local references are supported: ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, key) => (at as Record<string, unknown> | undefined)?.[key], doc) as { $ref?: string };
    if (current === undefined) throw new Error(`Unresolvable reference in the bundled spec`);
  }
  return current as T;
}
