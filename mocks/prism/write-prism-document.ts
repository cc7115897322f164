// Writes openapi/dist/openapi.prism.json: the bundled spec with success
// examples drawn from the seeded world (see prism-document.ts).
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildRouteTable } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec, type ApiDocument } from '../../openapi/contract/load-spec.ts';
import { collectSeededExamples, type SeededExamples } from './seeded-examples.ts';
import { buildPrismDocument } from './prism-document.ts';

/** Where `npm run mock:prism` writes the document by default (generated, not committed). */
export const prismDocumentPath = fileURLToPath(new URL('../../openapi/dist/openapi.prism.json', import.meta.url));

export interface PrismDocumentOptions {
  seed?: number;
  files?: number;
  /** The origin Prism will serve on, e.g. `http://127.0.0.1:4011` (goes into URLs in the examples). */
  origin: string;
  /** Output file; default `openapi/dist/openapi.prism.json`. */
  out?: string;
  /** The bundled spec; default read from openapi/dist/openapi.json. */
  spec?: ApiDocument;
}

export interface WrittenPrismDocument {
  path: string;
  document: ApiDocument;
  skipped: SeededExamples['skipped'];
}

/** Builds the Prism document for a seed and writes it as JSON. */
export async function writePrismDocument(options: PrismDocumentOptions): Promise<WrittenPrismDocument> {
  const spec = options.spec ?? loadBundledSpec();
  const { bodies, skipped } = await collectSeededExamples(spec, options);
  const document = buildPrismDocument(spec, buildRouteTable(spec), bodies, options.origin);
  const path = options.out ?? prismDocumentPath;
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`);
  return { path, document, skipped };
}
