// Routes requests to the contract's operations, read from the route table (the
// one source of paths and methods). It matches as common web frameworks do by
// default: literal segments in any letter case, one trailing slash allowed,
// HEAD served by the GET route; path parameters are percent-decoded.
import { specBasePath } from '../../../../openapi/contract/api-base.ts';
import { loadBundledSpec, loadRouteTable } from '../../../../openapi/contract/load-spec.ts';
import type { Route } from '../../../../openapi/contract/route-table.ts';

export type Routed =
  | { kind: 'route'; route: Route; params: Record<string, string>; literalCaseExact: boolean }
  | { kind: 'other-method' }
  | { kind: 'bad-encoding' }
  | { kind: 'none' };

interface Compiled {
  route: Route;
  /** Lower-case literal, or null for a parameter, with the parameter's name. */
  segments: { literal: string | null; name: string }[];
  literals: number;
}

/** Matches a raw request path (under the base path) against the route table. */
export interface Router {
  /** The API's base path, e.g. `/api/v1`. */
  base: string;
  match(method: string, rawPath: string): Routed;
}

/** Builds the router of the contract's route table. */
export function createRouter(): Router {
  const base = specBasePath(loadBundledSpec());
  const compiled: Compiled[] = loadRouteTable().map((route) => {
    const segments = route.pathTemplate
      .split('/')
      .slice(1)
      .map((s) => (/^\{.+\}$/.test(s) ? { literal: null, name: s.slice(1, -1) } : { literal: s.toLowerCase(), name: s }));
    return { route, segments, literals: segments.filter((s) => s.literal !== null).length };
  });

  return {
    base,
    match(method, rawPath) {
      if (!rawPath.toLowerCase().startsWith(`${base.toLowerCase()}/`)) return { kind: 'none' };
      let rest = rawPath.slice(base.length);
      if (rest.length > 1 && rest.endsWith('/')) rest = rest.slice(0, -1);
      const parts = rest.split('/').slice(1);
      const fits = compiled
        .filter(
          (c) =>
            c.segments.length === parts.length &&
            c.segments.every((s, i) => parts[i] !== '' && (s.literal === null || s.literal === parts[i].toLowerCase())),
        )
        .sort((a, b) => b.literals - a.literals);
      if (fits.length === 0) return { kind: 'none' };
      const wanted = method === 'HEAD' ? 'GET' : method;
      const best = fits[0].literals;
      const found = fits.find((c) => c.literals === best && c.route.method === wanted);
      if (!found) return { kind: 'other-method' };
      const params: Record<string, string> = {};
      let literalCaseExact = true;
      for (const [i, segment] of found.segments.entries()) {
        if (segment.literal !== null) {
          literalCaseExact &&= parts[i] === segment.name;
          continue;
        }
        try {
          params[segment.name] = decodeURIComponent(parts[i]);
        } catch {
          return { kind: 'bad-encoding' };
        }
      }
      return { kind: 'route', route: found.route, params, literalCaseExact };
    },
  };
}
