// What the HTTP front end checks before the core sees a request, against a
// hostile web page in the developer's browser: the Host header must name the
// mock itself (no DNS rebinding), and the control API takes only same-origin
// JSON (no cross-site form or text/plain POST can reach it, and it never
// gets CORS headers). Refusals are problem+json bodies that name the fix.
import type { MockResponse } from '../core/types.ts';

const PROBLEM_TYPE = 'application/problem+json';
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARD_BINDS = new Set(['0.0.0.0', '::', '[::]', '']);
const IP_LITERAL = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:.]+\])$/i;

export interface FrontDoorOptions {
  /** The interface the server is bound to (`127.0.0.1`, `0.0.0.0`, a name...). */
  boundHost: string;
  port: number;
  /** More host names (no port) clients may use, e.g. `host.docker.internal`. */
  allowedHosts?: readonly string[];
}

export interface FrontDoor {
  /** A refusal for a request that must not reach the core, or undefined. */
  check(method: string, path: string, headers: Record<string, string | undefined>): MockResponse | undefined;
  /** Whether CORS headers may be sent for this path (never for the control API). */
  corsAllowed(path: string): boolean;
  /** The origins (`http://host:port`) the control API accepts in an Origin header. */
  readonly ownOrigins: readonly string[];
}

function refusal(status: number, code: string, title: string, detail: string): MockResponse {
  const body = { type: `urn:bucketkit:problem:${code}`, title, status, code, detail };
  return { status, headers: { 'Content-Type': PROBLEM_TYPE, Connection: 'close' }, body: JSON.stringify(body) };
}

const isControl = (path: string): boolean => path === '/__mock' || path.startsWith('/__mock/');

/** Builds the checks for a server listening on `boundHost:port`. */
export function createFrontDoor(options: FrontDoorOptions): FrontDoor {
  const bound = options.boundHost.includes(':') && !options.boundHost.startsWith('[') ? `[${options.boundHost}]` : options.boundHost;
  const wildcard = WILDCARD_BINDS.has(options.boundHost);
  const names = new Set([...LOOPBACK_NAMES, ...(wildcard ? [] : [bound]), ...(options.allowedHosts ?? [])].map((n) => n.toLowerCase()));
  const port = String(options.port);
  const ownOrigins = [...names].map((name) => `http://${name}:${port}`);

  /** Whether a Host header value names this server. */
  function ownHost(host: string): boolean {
    const match = /^(\[[^\]]*\]|[^:]*)(?::(\d+))?$/.exec(host.trim().toLowerCase());
    if (!match) return false;
    const [, name, hostPort] = match;
    if ((hostPort ?? '80') !== port) return false;
    // Bound to every interface: any address literal reaches it (a phone on the LAN); names other than the allowed ones do not.
    return names.has(name) || (wildcard && IP_LITERAL.test(name));
  }

  return {
    ownOrigins,
    corsAllowed: (path) => !isControl(path),
    check(method, path, headers) {
      const host = headers.host;
      // Only browsers are a danger here, and they always send Host; a client that sends none is not a web page.
      if (host !== undefined && !ownHost(host)) {
        return refusal(
          403,
          'host_not_allowed',
          'Host not allowed',
          `This mock answers only to ${ownOrigins.join(', ')}; the Host header named "${host}". ` +
            'Use one of those addresses (a page under another name could be a DNS-rebinding attack), or allow the name with the allowedHosts option.',
        );
      }
      if (!isControl(path)) return undefined;
      const origin = headers.origin;
      if (origin !== undefined && !ownOrigins.includes(origin.toLowerCase()) && !(wildcard && ownHost(origin.replace(/^http:\/\//i, '')))) {
        return refusal(
          403,
          'origin_not_allowed',
          'Origin not allowed',
          `The control API takes requests only from the mock's own origin or from tools that send no Origin (curl, Node, Playwright's request); this one came from ${origin}. ` +
            'A web page must not mint keys, reset the world or switch faults: call the control API from your test runner instead.',
        );
      }
      if (method === 'POST' && (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() !== 'application/json') {
        return refusal(
          415,
          'unsupported_media_type',
          'Unsupported media type',
          'Control API POSTs must send Content-Type: application/json (a body may be empty), e.g. ' +
            `curl -X POST -H 'Content-Type: application/json' ${ownOrigins[0]}${path}. Other types could be sent by any web page without asking.`,
        );
      }
      return undefined;
    },
  };
}
