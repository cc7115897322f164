// Where a request may go: any http(s) URL without a key (a presigned object-store
// URL), but a request holding a key (flagged, or with an Authorization header) only
// to the base URL's origin, so a key is never sent elsewhere. Checked before sending.
import { OriginError, TransportError } from './transport-errors.ts';
import type { WireRequest } from './transport-types.ts';

/** The request's URL, or an error (nothing is sent) when it may not go there. */
export function guardOrigin(request: WireRequest, baseOrigin: string): URL {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    // The URL itself is left out: it may hold a key in its query.
    throw new TransportError(`not sent: ${request.method} to a URL that is not absolute`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TransportError(`not sent: unsupported protocol ${url.protocol}`);
  const holdsKey = request.carriesKey || Object.keys(request.headers).some((name) => name.toLowerCase() === 'authorization');
  if (holdsKey && url.origin !== baseOrigin)
    throw new OriginError(`not sent: a request holding a key may only go to ${baseOrigin}, not to ${url.origin}`);
  return url;
}
