// Loads the bundled OpenAPI document (openapi/dist/openapi.json) in Node, and
// the route table and validators built from it, once per process.
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ApiDocument } from './spec-refs.ts';
import { buildRouteTable, type Route } from './route-table.ts';
import { createSchemaValidator, type SchemaValidator } from './schema-validator.ts';

/** Where `npm run build:spec` writes the bundle. */
export const bundledSpecPath = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));

export type { ApiDocument } from './spec-refs.ts';

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

let cachedTable: Route[] | undefined;
const cachedValidators: Partial<Record<'eager' | 'lazy', SchemaValidator>> = {};

/** The route table of the bundled spec, built once per process. */
export function loadRouteTable(): Route[] {
  cachedTable ??= buildRouteTable(loadBundledSpec());
  return cachedTable;
}

/**
 * The validators of the bundled spec, once per process: compiled all at once (`eager`, a server's), or each on first
 * use (`lazy`: a process that validates a few bodies, such as a conformance worker, pays only for those).
 */
export function loadSchemaValidator(compile: 'eager' | 'lazy' = 'eager'): SchemaValidator {
  cachedValidators[compile] ??= createSchemaValidator(loadBundledSpec(), loadRouteTable(), { compile });
  return cachedValidators[compile];
}
