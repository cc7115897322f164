// Loads the bundled OpenAPI document (openapi/dist/openapi.json) that every
// other part of the kit derives its routes, scopes and schemas from.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { OpenAPIV3_1 } from 'openapi-types';

/** Where `npm run build:spec` writes the bundle. */
export const bundledSpecPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

export type ApiDocument = OpenAPIV3_1.Document;

let cached: ApiDocument | undefined;

/** Reads the bundled spec once per process; fails with the command that fixes it. */
export function loadBundledSpec(path: string = bundledSpecPath): ApiDocument {
  if (path === bundledSpecPath && cached) return cached;
  if (!existsSync(path)) {
    throw new Error(`The bundled spec ${path} is missing. Run "npm run build:spec" (npm ci runs it too).`);
  }
  const doc = JSON.parse(readFileSync(path, 'utf8')) as ApiDocument;
  if (path === bundledSpecPath) cached = doc;
  return doc;
}

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
      .reduce<any>((at, key) => at?.[key], doc);
    if (current === undefined) throw new Error(`Unresolvable reference in the bundled spec`);
  }
  return current as T;
}
