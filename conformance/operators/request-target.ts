// Operator: the request-target in other forms (RFC 9112 §3.2) and with what
// routers are known to strip or decode off its end. The absolute form
// (`GET http://host/api/v1/... HTTP/1.1`, which a server must accept) and a
// target after a second leading slash (`//api/v1/...`, a network-path
// reference to a URL parser); a suffix on the last segment (`.json`, a bare
// `;`, `%00`, `%20`, `~`, `.`, a bare `?`, `#`, as Spring's suffix pattern
// match, Rails' format and servers trimming NUL or whitespace read them); a
// character of a segment percent-encoded twice (a layer that decodes twice);
// a backslash for the slash before the last segment (read as `/` by IIS and
// WHATWG parsers). Every variant goes on the wire as written.
// A conforming server answers 404 (or 400, 405, a redirect, any refusal), or
// serves it as the documented path after the same checks (a key that may).
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, pathOnly, segmentsOf, variantOf, withQueryPairs, withSegment } from './variant-build.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';

/** What routers strip or read as a format off the end of a path, with the words that name each. */
export const TARGET_SUFFIXES: [suffix: string, what: string][] = [
  ['.json', "a '.json' extension"],
  [';', "a bare ';'"],
  ['%00', "an encoded NUL ('%00')"],
  ['%20', "an encoded space ('%20')"],
  ['~', "a '~'"],
  ['.', "a '.'"],
  ['?', "a bare '?'"],
  ['#', "a '#'"],
];

/** A character percent-encoded twice (`f` → `%2566`): one decoding gives `%66`, a second `f`. */
const twiceEncoded = (segment: string) => `%25${segment.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}${segment.slice(1)}`;

/** The path with `text` after its last segment, before its query (a bare `?` opens an empty first pair of it). */
function suffixed(path: string, text: string): string {
  const [head, ...query] = path.split('?');
  if (text === '?') return query.length ? `${head}?&${query.join('?')}` : `${head}?`;
  return [`${head}${text}`, ...query].join('?');
}

function targetVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  // Kept first when the budget trims: the absolute form and the first suffix from a key lacking the scope.
  const one = (name: string, change: (base: IntendedRequest) => IntendedRequest, first = false) =>
    variantOf(input, 'request-target', name, change, { rawPath: true, preferred: first && input.sender === 'lacking' });
  // The query goes into the path first: the spelling is of the whole target as it goes on the wire.
  const path = (name: string, respell: (p: string) => string, first = false) =>
    one(
      name,
      (base) => {
        const folded = withQueryPairs(base, []);
        return { ...folded, path: respell(folded.path) };
      },
      first,
    );
  const segments = segmentsOf(route, route.pathTemplate);
  const lastLiteral = segments.filter((s) => s.param === undefined).at(-1);
  const deepestId = segments.find((s) => s.param === 'bucketId') ?? segments.filter((s) => s.param !== undefined).at(-1);
  const sent = (p: string, at: number) => pathOnly(p).split('/')[at];
  return distinct([
    ...one('the request-target in absolute form', (base) => ({ ...base, targetForm: 'absolute' }), true),
    ...one("the request-target after a second leading '/'", (base) => ({ ...base, targetForm: 'leading-slashes' })),
    ...TARGET_SUFFIXES.flatMap(([suffix, what], i) => path(`${what} after the last segment`, (p) => suffixed(p, suffix), i === 0)),
    ...(lastLiteral
      ? path(`a character of '${lastLiteral.text}' percent-encoded twice`, (p) =>
          withSegment(p, lastLiteral.at, twiceEncoded(lastLiteral.text)),
        )
      : []),
    ...(deepestId
      ? path(`a character of {${deepestId.param}} percent-encoded twice`, (p) =>
          withSegment(p, deepestId.at, twiceEncoded(sent(p, deepestId.at))),
        )
      : []),
    ...(segments.length > 1
      ? path('a backslash for the slash before the last segment', (p) => {
          const [head, ...query] = p.split('?');
          return [head.replace(/\/(?=[^/]*$)/, '\\'), ...query].join('?');
        })
      : []),
  ]);
}

export const requestTarget: Operator = {
  axis: 'request-target',
  about:
    "Sends the route's request-target in absolute form and after a second leading slash, with a suffix on its last segment (.json, ;, %00, %20, ~, ., ?, #), a character encoded twice, and a backslash for a slash.",
  conformingAnswers: 'any refusal, a redirect, 404/405/400, or (a key that may) the documented path served after the same checks',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: routeHasSender,
  variants: targetVariants,
};
