// Traffic: other spellings of every route's path (a trailing slash, a doubled
// slash inside it, a percent-encoded unreserved character in a literal segment
// and in an id), each sent on a real target with the route's valid body,
// without a key, by a key lacking the route's scope and, on a bucket route, by
// a key barred from the other bucket on that bucket. A server may serve,
// redirect, 404, 400 or 405 such a path; the rules over every exchange fail
// only a 2xx that gives a key more than it holds, or a 5xx.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import type { TrafficTask } from './traffic-types.ts';
import { sendersOf, variantTask, type Variant } from './variant-calls.ts';

/** A segment with its first character percent-encoded (`files` → `%66iles`): the same path to RFC 3986. */
const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${segment.slice(1)}`;

/** The variant with one segment of the path (aligned with the template's) rewritten. */
function segmentVariant(route: Route, variant: string, pick: (template: string[]) => number): Variant {
  const template = route.pathTemplate.split('/');
  const at = pick(template);
  return {
    variant,
    shape: (base) => ({
      ...base,
      path: base.path
        .split('/')
        .map((s, i) => (i === at ? encodeFirst(s) : s))
        .join('/'),
    }),
  };
}

/** The spellings of a route's path that name the same resource to a lenient server. */
export function spellingsOf(route: Route): Variant[] {
  const isId = (segment: string) => /^\{.+\}$/.test(segment);
  const ids = route.pathTemplate.split('/').filter(isId);
  const idName = ids.includes('{bucketId}') ? '{bucketId}' : ids.at(-1);
  return [
    // The path as documented: the rule holds for the plain request before any other spelling.
    { variant: 'the valid call as documented', shape: (base) => base },
    { variant: 'trailing slash', shape: (base) => ({ ...base, path: `${base.path}/` }) },
    { variant: 'doubled slash', shape: (base) => ({ ...base, path: base.path.replace(/\/(?=[^/]*$)/, '//') }) },
    segmentVariant(route, 'a percent-encoded unreserved character in a literal segment', (t) =>
      t.findLastIndex((s) => s !== '' && !isId(s)),
    ),
    // An id percent-encoded: a server that checks bucketIds against the raw path and routes the decoded one leaks.
    ...(idName ? [segmentVariant(route, `a percent-encoded unreserved character in ${idName}`, (t) => t.indexOf(idName))] : []),
  ];
}

/** One task per route and sender. */
export function pathSpellingTraffic(g: GeneratorContext): TrafficTask[] {
  return g.routes.flatMap((route) =>
    sendersOf(route).map((sender) => variantTask(route, g, sender, 'other spellings of the path', () => spellingsOf(route))),
  );
}
