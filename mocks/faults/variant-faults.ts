// Planted faults of request variants: HEAD, other spellings of a path, method
// overrides and malformed Authorization headers. Each wraps the steps (and for
// the override, the body admission and four GET handlers) and breaks one rule.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { HandlerContext, OperationHandler, OperationId } from '../core/handler-context.ts';
import { MAX_JSON_BODY_BYTES } from '../core/request-body.ts';
import { internalError } from './fault-answers.ts';
import { FAULT_TARGETS } from './fault-targets.ts';
import { patchSteps, wrapHandler, type FaultDefinition } from './plant.ts';
import type { MockComponents } from '../core/components.ts';

/** A path with a doubled slash or a trailing one (the API base alone is no such path). */
const unnormalised = (path: string) => /\/\/|.\/$/.test(path);
const normalised = (path: string) => path.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');

const OVERRIDE_HEADERS = ['x-http-method-override', 'x-method-override', 'x-http-method'];

/** The method a GET asks to be taken for, in an override header or `?_method=`. */
function overrideOf(method: string, headers: Record<string, string>, query: string): string | undefined {
  if (method !== 'GET') return undefined;
  const named =
    OVERRIDE_HEADERS.map((name) => headers[name]).find((value) => value !== undefined) ?? new URLSearchParams(query).get('_method');
  return named ? named.toUpperCase() : undefined;
}

/**
 * Honours a GET's method override once the GET's scope was checked: the body is read for the write's route
 * and the GET's handler hands over to the write's.
 */
function honourOverrides(c: MockComponents): MockComponents {
  // The write route a request was taken for, by its headers object: the handler context carries the same object.
  const taken = new WeakMap<Record<string, string>, Route>();
  let planted: MockComponents = {
    ...patchSteps(c, (s) => ({
      readBody(route, request) {
        const method = overrideOf(request.method, request.headers, request.query);
        const match = method ? s.locate(method, request.path.slice(c.apiBase.length)) : undefined;
        if (match?.kind !== 'matched') return s.readBody(route, request);
        taken.set(request.headers, match.route);
        return s.readBody(match.route, request);
      },
    })),
    // The core leaves a GET's body unread; this server reads it when the GET carries an override.
    admitBody: (head) => (overrideOf(head.method, head.headers, head.query) ? { limit: MAX_JSON_BODY_BYTES } : c.admitBody(head)),
  };
  for (const read of FAULT_TARGETS['method-override-honoured']) {
    planted = wrapHandler(planted, read, (inner) => (ctx) => {
      const write = taken.get(ctx.headers);
      if (!write) return inner(ctx);
      const handler = c.handlers[write.operationId as OperationId] as OperationHandler<OperationId>;
      return handler({ ...(ctx as HandlerContext), route: write });
    });
  }
  return planted;
}

/** A bare scheme, a token with bytes outside ASCII, or one longer than 4 KB: what the malformed-auth fault crashes on. */
const malformed = (header: string) => /^[ \t]*[A-Za-z]+[ \t]*$/.test(header) || /[\x80-\uffff]/.test(header) || header.length > 4096;

export const VARIANT_FAULTS = [
  {
    name: 'head-served-without-key',
    description: 'HEAD of a GET route without a valid key is served as if it carried a full-access key.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          return request.method === 'HEAD' && 'refusal' in result
            ? { key: { name: 'anonymous', scopes: new Set(deps.knownScopes), bucketIds: null }, token: '' }
            : result;
        },
      })),
  },
  {
    name: 'trailing-slash-skips-scope',
    description: 'A path with a trailing or doubled slash is routed as the path without it, but its scope is never checked.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        locate: (method, path) => s.locate(method, unnormalised(path) ? normalised(path) : path),
        checkScope: (route, caller, request) => (unnormalised(request.path) ? undefined : s.checkScope(route, caller, request)),
      })),
  },
  {
    name: 'method-override-honoured',
    description:
      "A GET of .../intelligence, .../automations, .../trash or .../suggestions carrying X-HTTP-Method-Override, X-Method-Override, X-HTTP-Method or ?_method= is served as that method, after only the GET's scope was checked.",
    plant: honourOverrides,
  },
  {
    name: 'malformed-auth-500',
    description: 'An Authorization header that is a bare scheme, holds bytes outside ASCII or is over 4 KB is answered 500.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const header = request.headers.authorization;
          return header !== undefined && malformed(header) ? { refusal: internalError() } : s.authenticate(request, query);
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
