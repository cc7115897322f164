// Method overrides: the paths where the spec lists a GET beside a writing
// method (automations, trash, intelligence, suggestions), and the ways a
// client may ask a server to take a GET for that other method (three headers
// and a `_method` query parameter). Each request says it meant the GET and may
// be taken for the write, so the rules over every exchange judge it as both.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Auth } from '../http/api-client.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { RunSettings } from '../config/config-types.ts';
import { OVERRIDE_HEADERS } from '../operators/method-channel.ts';
import { callRequest, type BucketRole, type OperationCall } from './request-builder.ts';

/** A GET route and a writing route at the same path. */
export interface OverridePair {
  read: Route;
  write: Route;
}

/** A way to carry another method in a GET. */
export interface OverrideForm {
  /** E.g. "X-HTTP-Method-Override: PATCH". */
  name(method: string): string;
  apply(request: IntendedRequest, method: string): IntendedRequest;
}

const headerForm = (header: string): OverrideForm => ({
  name: (method) => `${header}: ${method}`,
  apply: (request, method) => ({ ...request, headers: { ...request.headers, [header]: method } }),
});

/** The override headers frameworks honour (the method-channel operator's), and `?_method=`. */
export const OVERRIDE_FORMS: OverrideForm[] = [
  ...OVERRIDE_HEADERS.map(headerForm),
  { name: (method) => `?_method=${method}`, apply: (request, method) => ({ ...request, query: { ...request.query, _method: method } }) },
];

/** Every path where the spec lists a GET and a writing method, as pairs. */
export function overridePairs(routes: Route[]): OverridePair[] {
  return routes
    .filter((read) => read.method === 'GET')
    .flatMap((read) => routes.filter((w) => w.method !== 'GET' && w.pathTemplate === read.pathTemplate).map((write) => ({ read, write })));
}

/** A GET of the pair's path carrying the write's method in the form, with the write's body. */
export function overrideRequest(
  pair: OverridePair,
  form: OverrideForm,
  settings: RunSettings,
  bucket: BucketRole,
  call: OperationCall,
  auth: Auth,
): IntendedRequest {
  const base = { ...callRequest(pair.write, settings, bucket, call, auth), method: 'GET' };
  const variant = form.name(pair.write.method);
  return form.apply(
    { ...base, intent: { operationId: pair.read.operationId, variant, alsoAs: pair.write.operationId } },
    pair.write.method,
  );
}
