// What every bench section shares: the bundled spec, the two routes driven, and the API base path.
import { loadBundledSpec, loadRouteTable, type ApiDocument } from '../../openapi/contract/load-spec.ts';
import { findBenchRoutes, type BenchRoutes } from './bench-requests.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';

export interface BenchContext {
  doc: ApiDocument;
  routes: BenchRoutes;
  /** e.g. `/api/v1`; Prism serves the paths without it. */
  basePath: string;
}

/** Loads the contract once for the whole run. */
export function loadBenchContext(): BenchContext {
  const doc = loadBundledSpec();
  return { doc, routes: findBenchRoutes(loadRouteTable()), basePath: specBasePath(doc) };
}
