// A deployment that answers some routes with a redirect: to another origin (a
// key must never follow it there), or within its own origin to a path it
// serves, so a client that follows gets the real answer.
import type { ProxyRequest, Rule } from './loopback-proxy.ts';
import { underPath } from './rule-stack.ts';

export interface RedirectOptions {
  /** 302 by default. */
  status?: 301 | 302 | 303 | 307 | 308;
  /** The requests redirected (default: every API request). */
  picks?: (request: ProxyRequest) => boolean;
}

const checkStatus = (status: number) => {
  if (![301, 302, 303, 307, 308].includes(status)) throw new Error(`status must be a redirect (301, 302, 303, 307 or 308), got ${status}.`);
};

const redirectAnswer = (status: number, location: string) => ({
  status,
  headers: { location, 'content-type': 'text/plain' },
  body: Buffer.from(`Moved to ${location}`),
});

/** Redirects the picked requests to the same path and query on `origin` (e.g. a recording server). */
export function redirectToOrigin(origin: string, options: RedirectOptions = {}): Rule {
  const { status = 302, picks = underPath() } = options;
  checkStatus(status);
  const target = new URL(origin).origin;
  return (request, forward) => (picks(request) ? Promise.resolve(redirectAnswer(status, `${target}${request.url}`)) : forward(request));
}

/**
 * Redirects the picked requests to `via` + their path on the same origin (a relative Location), and serves requests
 * under `via` as the path after it: a client that follows gets the server's real answer.
 */
export function redirectWithinOrigin(options: RedirectOptions & { via?: string } = {}): Rule {
  const { status = 307, picks = underPath(), via = '/moved' } = options;
  checkStatus(status);
  if (!/^\/[\w-]+$/.test(via)) throw new Error(`via must be one path segment such as /moved, got ${via}.`);
  return (request, forward) => {
    if (request.url.startsWith(`${via}/`)) return forward({ ...request, url: request.url.slice(via.length) });
    return picks(request) ? Promise.resolve(redirectAnswer(status, `${via}${request.url}`)) : forward(request);
  };
}
