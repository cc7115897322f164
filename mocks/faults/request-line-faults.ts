// Planted faults of the request line: a method token in another case, a
// method the path does not declare, a
// suffix on the target, the target in absolute form, and a header naming
// another target. Each serves the variant as the route it stands for but
// leaves the scope check out, as a server whose access rules match the
// request line as sent (per method, per path) while its router reads it
// otherwise (any method as the path's own, a suffix or an origin stripped,
// the target a front proxy's header names).
import { METHODS } from '../../openapi/contract/route-table.ts';
import { runApiPipeline } from '../core/api-pipeline.ts';
import type { MockComponents } from '../core/components.ts';
import type { MockRequest } from '../core/types.ts';
import { patchSteps, type FaultDefinition } from './plant.ts';
import { matchedAs, routedUnscoped } from './path-spelling-faults.ts';

/** What routers strip off the end of a path (an extension, a bare `;`, a NUL, a space, `~`, `.`, a fragment). */
const SUFFIX = /(?:\.json|;|%00|%20|~|\.|#.*)$/i;

/** The headers a front proxy names the original target in. */
const TARGET_HEADERS = ['x-original-url', 'x-rewrite-url'];

/** The components with no scope checked: what serves a request the access rules never matched. */
const unscoped = (c: MockComponents) => patchSteps(c, () => ({ checkScope: () => undefined }));

/** The request aimed at a target from the origin (`/api/v1/...?q`): its path and query. */
function aimedAt(request: MockRequest, target: string): MockRequest {
  const q = target.indexOf('?');
  return { ...request, path: q === -1 ? target : target.slice(0, q), query: q === -1 ? '' : target.slice(q + 1) };
}

export const REQUEST_LINE_FAULTS = [
  {
    name: 'lowercase-method-skips-scope',
    description: 'A method token in another letter case (get, Patch) is routed as its upper-case method, but its scope is never checked.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkScope: (route, caller, request) =>
          request.method !== request.method.toUpperCase() ? undefined : s.checkScope(route, caller, request),
      })),
  },
  {
    name: 'unlisted-method-skips-scope',
    description:
      "A method of the contract that a path does not declare (PUT or DELETE on a path with a GET) is served as the path's GET, but its scope is never checked.",
    plant: (c) =>
      patchSteps(c, (s) => {
        // Another method of the contract's, on a path with a GET: that GET (per-method rules name only the path's own).
        const standIn = (method: string, path: string) => {
          const match = s.locate(method, path);
          if (match.kind !== 'method-not-allowed' || !(METHODS as readonly string[]).includes(method) || !match.allowed.includes('GET'))
            return undefined;
          const served = s.locate('GET', path);
          return served.kind === 'matched' ? served : undefined;
        };
        return {
          locate: (method, path) => standIn(method, path) ?? s.locate(method, path),
          checkScope: (route, caller, request) =>
            !['HEAD', route.method].includes(request.method.toUpperCase()) ? undefined : s.checkScope(route, caller, request),
        };
      }),
  },
  {
    name: 'target-suffix-skips-scope',
    description:
      'A path with a suffix on its last segment (.json, a bare ;, %00, %20, ~, ., a fragment) is routed as the path without it, but its scope is never checked.',
    plant: (c) => routedUnscoped(c, (s, method, path) => matchedAs(s, method, path, path.replace(SUFFIX, ''))),
  },
  {
    name: 'absolute-form-skips-scope',
    description:
      'A request-target in absolute form (GET http://host/api/v1/... HTTP/1.1) is routed by its path, but its scope is never checked.',
    plant: (c, deps) => ({
      ...c,
      endpoints: {
        ...c.endpoints,
        unknownPath: (request) => {
          const path = /^https?:\/\/[^/]+(\/.*)$/i.exec(request.path)?.[1];
          if (!path || !(path === c.apiBase || path.startsWith(`${c.apiBase}/`))) return c.endpoints.unknownPath(request);
          return runApiPipeline(unscoped(c), deps.env, { ...request, path });
        },
      },
    }),
  },
  {
    name: 'original-url-header-reroutes',
    description:
      'A request line no route answers, carrying X-Original-URL or X-Rewrite-URL, is served as the route the header names, the scope checked on the request line (no rule there).',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        unrouted: (match, request) => {
          const target = TARGET_HEADERS.map((h) => request.headers[h]).find((t) => t?.startsWith(`${c.apiBase}/`));
          return target ? runApiPipeline(unscoped(c), deps.env, aimedAt(request, target)) : s.unrouted(match, request);
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
