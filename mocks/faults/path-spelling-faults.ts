// Planted faults of other spellings of a path: a literal segment in another
// letter case, dot segments (percent-encoded too) and matrix parameters
// (`;a=b`). Each routes the variant as the path it stands for but leaves the
// scope check out, as a server whose router normalises paths while its access
// rules match them as sent.
import type { RouteMatch } from '../../openapi/contract/route-matcher.ts';
import type { ApiSteps } from '../core/api-steps.ts';
import type { MockComponents } from '../core/components.ts';
import { patchSteps, type FaultDefinition } from './plant.ts';

export type Matched = Extract<RouteMatch, { kind: 'matched' }>;

/** The route a variant spelling stands for, or undefined when the path is no such variant (or routes as sent). */
export type Respelling = (steps: ApiSteps, method: string, path: string) => Matched | undefined;

/** The variant is routed as its respelling, and only its scope check is left out. */
export function routedUnscoped(c: MockComponents, respell: Respelling): MockComponents {
  return patchSteps(c, (s) => {
    const variant = (method: string, path: string) => (s.locate(method, path).kind === 'matched' ? undefined : respell(s, method, path));
    return {
      locate: (method, path) => variant(method, path) ?? s.locate(method, path),
      checkScope: (route, caller, request) =>
        variant(request.method, request.path.slice(c.apiBase.length) || '/') ? undefined : s.checkScope(route, caller, request),
    };
  });
}

/** The route a respelled path matches, when the respelling changed anything. */
export function matchedAs(s: ApiSteps, method: string, path: string, respelled: string): Matched | undefined {
  if (respelled === path) return undefined;
  const match = s.locate(method, respelled);
  return match.kind === 'matched' ? match : undefined;
}

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Literal segments compared without case; the ids keep the case they were sent in. */
const caseFolded: Respelling = (s, method, path) => {
  const match = matchedAs(s, method, path, path.toLowerCase());
  if (!match) return undefined;
  const sent = path.split('/');
  const params = { ...match.params };
  match.route.pathTemplate.split('/').forEach((part, i) => {
    const name = /^\{(.+)\}$/.exec(part)?.[1];
    if (name) params[name] = decoded(sent[i]);
  });
  return { ...match, params };
};

const DOT = /^(?:\.|%2e)$/i;
const DOT_DOT = /^(?:\.|%2e){2}$/i;

/** The path with `.` and `..` segments (also `%2e`, `%2e%2e`, `.%2e`) resolved as RFC 3986 §5.2.4 does. */
export function withoutDotSegments(path: string): string {
  const kept: string[] = [];
  for (const segment of path.split('/').slice(1)) {
    if (DOT_DOT.test(segment)) kept.pop();
    else if (!DOT.test(segment)) kept.push(segment);
  }
  return `/${kept.join('/')}`;
}

export const PATH_SPELLING_FAULTS = [
  {
    name: 'path-case-skips-scope',
    description:
      'A path whose literal segments are in another letter case (/WORKSPACES, .../Automations) is routed as the documented path, but its scope is never checked.',
    plant: (c) => routedUnscoped(c, caseFolded),
  },
  {
    name: 'dot-segment-skips-scope',
    description:
      'A path holding dot segments (/./, /x/../, also percent-encoded as %2e) is routed as the path they resolve to, but its scope is never checked.',
    plant: (c) => routedUnscoped(c, (s, method, path) => matchedAs(s, method, path, withoutDotSegments(path))),
  },
  {
    name: 'matrix-param-skips-scope',
    description:
      'A path with matrix parameters after a segment (.../automations;v=1) is routed as the path without them, but its scope is never checked.',
    plant: (c) => routedUnscoped(c, (s, method, path) => matchedAs(s, method, path, path.replace(/;[^/]*/g, ''))),
  },
] as const satisfies readonly FaultDefinition[];
