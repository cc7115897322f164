// Operator: other spellings of the route's path. Each literal segment in upper
// case; `.` and `x/..` segments, plain and percent-encoded (`%2e`); a matrix
// parameter (`;v=1`) after the last literal segment and after the deepest id;
// a percent-encoded unreserved character in a literal segment and in an id; a
// trailing, a doubled and an encoded (`%2F`) slash. A router that normalises
// what the access rules match as sent serves such a path past a check.
// The path as documented, a trailing and a doubled slash and the encoded
// characters are essential: every route and sender is judged on them in every
// run, whatever the budget (the rule holds for the plain request first).
// A conforming server answers 404 (or 400, 405, a redirect, any refusal), or
// serves it as the documented path after the same checks (G35).
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { beforeLast, distinct, segmentsOf, variantOf, withSegment } from './variant-build.ts';

/** A segment with its first character percent-encoded (`files` → `%66iles`): the same path to RFC 3986. */
const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${segment.slice(1)}`;

function pathVariants(input: OperatorInput): Variant[] {
  const one = (name: string, path: (p: string) => string, rawPath = false, essential = false) =>
    variantOf(input, 'path-spelling', name, (base) => ({ ...base, path: path(base.path) }), { rawPath, essential });
  const plain = (name: string, path: (p: string) => string) => one(name, path, false, true);
  const { route } = input;
  const template = route.pathTemplate;
  const literals = segmentsOf(route, template).filter((s) => s.param === undefined);
  const ids = segmentsOf(route, template).filter((s) => s.param !== undefined);
  const deepestId = ids.find((s) => s.param === 'bucketId') ?? ids.at(-1);
  const lastLiteral = literals.at(-1);
  const variants: Variant[] = [...plain('the path as documented', (p) => p)];
  for (const s of literals) {
    const upper = s.text.toUpperCase();
    if (upper !== s.text) variants.push(...one(`literal segment '${s.text}' as '${upper}'`, (p) => withSegment(p, s.at, upper)));
  }
  variants.push(
    ...one("a '.' segment before the last segment", (p) => beforeLast(p, '.'), true),
    ...one("an 'x/..' pair before the last segment", (p) => beforeLast(p, 'x/..'), true),
    ...one("a '%2e' segment before the last segment", (p) => beforeLast(p, '%2e'), true),
    ...one("an 'x/%2e%2e' pair before the last segment", (p) => beforeLast(p, 'x/%2e%2e'), true),
    ...one("an 'x/.%2E' pair before the last segment", (p) => beforeLast(p, 'x/.%2E'), true),
  );
  if (lastLiteral) {
    const at = lastLiteral.at;
    variants.push(
      ...one(`a matrix parameter after '${lastLiteral.text}'`, (p) => withSegment(p, at, `${p.split('?')[0].split('/')[at]};v=1`)),
      ...plain(`a percent-encoded character in '${lastLiteral.text}'`, (p) => withSegment(p, at, encodeFirst(lastLiteral.text))),
    );
  }
  if (deepestId) {
    const at = deepestId.at;
    const sent = (p: string) => p.split('?')[0].split('/')[at];
    variants.push(
      ...one(`a matrix parameter after {${deepestId.param}}`, (p) => withSegment(p, at, `${sent(p)};v=1`)),
      // An id percent-encoded: a server that checks bucketIds against the raw path and routes the decoded one leaks.
      ...plain(`a percent-encoded character in {${deepestId.param}}`, (p) => withSegment(p, at, encodeFirst(sent(p)))),
    );
  }
  const head = (p: string) => p.split('?');
  variants.push(
    ...plain('a trailing slash', (p) => [`${head(p)[0]}/`, ...head(p).slice(1)].join('?')),
    ...plain('a doubled slash before the last segment', (p) => beforeLast(p, '')),
  );
  // The leading slash stays: an encoded one there would join the path to the base's last segment.
  if (segmentsOf(route, template).length > 1) {
    variants.push(
      ...one("the slash before the last segment as '%2F'", (p) =>
        [head(p)[0].replace(/\/(?=[^/]*$)/, '%2F'), ...head(p).slice(1)].join('?'),
      ),
    );
  }
  return distinct(variants);
}

export const pathSpelling: Operator = {
  axis: 'path-spelling',
  about:
    'Sends the route at its documented path and under other spellings of it: letter case, dot segments (also %2e), matrix parameters, encodings, slashes.',
  conformingAnswers: 'any refusal, a redirect, 404/405/400, or (a key that may) the documented path served after the same checks',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: routeHasSender,
  variants: pathVariants,
};
