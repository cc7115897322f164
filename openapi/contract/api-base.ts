// The API's base path, read from the spec's first server URL (`/api/v1`), so
// no module types the version prefix a second time. Browser-safe.
import type { ApiDocument } from './spec-refs.ts';

/** The path part of the spec's first server URL, without a trailing '/', e.g. `/api/v1`. */
export function specBasePath(spec: ApiDocument): string {
  const url = spec.servers?.[0]?.url;
  if (!url) throw new Error('The spec names no server URL, so the API base path is unknown');
  return new URL(url, 'http://base.invalid').pathname.replace(/\/+$/, '');
}

/** The same base with the next major version (`/api/v1` → `/api/v2`), for "another version is 404" probes. */
export function otherVersionBase(base: string): string {
  const bumped = base.replace(/\/v(\d+)$/, (_, n: string) => `/v${Number(n) + 1}`);
  if (bumped === base) throw new Error(`The base path ${base} ends with no /vN version segment`);
  return bumped;
}
