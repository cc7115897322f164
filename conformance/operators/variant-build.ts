// What every operator shares: the request a sender's variant starts from, the
// variant itself (intent, rule, what a conforming server may answer), and the
// path's segments lined up with the route's template.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { RULE_OF_SENDER, type Axis, type Conforming, type OperatorInput, type Rule, type Variant } from './operator-types.ts';

/**
 * Where a variant aims: `own` is where the sender's plain request goes (a barred key: the other bucket, so any 2xx
 * breaks its rule); `allowed` is the allowed bucket, with something of the other bucket put in another position
 * (a barred key may be served there, as long as nothing of the other bucket shows).
 */
export type Aim = 'own' | 'allowed';

/** The request a variant of the sender starts from, or undefined when the sender has none (a barred key off a bucket route). */
export function baseOf(input: OperatorInput, aim: Aim): IntendedRequest | undefined {
  if (aim === 'own' && input.sender === 'barred') return input.route.bucketScoped ? input.valid.other : undefined;
  return input.valid.allowed;
}

/** What a conforming server may answer a variant of the sender aimed so. */
export function conformingOf(input: OperatorInput, aim: Aim): Conforming {
  if (input.sender === 'holder') return 'no-5xx';
  return input.sender === 'barred' && aim === 'allowed' ? 'refusal-or-canonical' : 'refusal';
}

export interface VariantOptions {
  aim?: Aim;
  /** The rule a served variant breaks, when not the sender's (an altered credential: auth). */
  rule?: Rule;
  conforming?: Conforming;
  rawPath?: boolean;
  /** Another operation the exchange may be taken for (a method override's carrier). */
  alsoAs?: string;
  /** Sent whatever the budget (`Variant.essential`). */
  essential?: boolean;
  /** Kept before the axis's other variants when the budget trims (`Variant.preferred`). */
  preferred?: boolean;
  /** The listing's later pages are read too (`Variant.pages`). */
  pages?: boolean;
}

/** One variant of the sender's base request: `change` gets the base without its intent. */
export function variantOf(
  input: OperatorInput,
  axis: Axis,
  name: string,
  change: (base: IntendedRequest) => IntendedRequest,
  options: VariantOptions = {},
): Variant[] {
  const aim = options.aim ?? 'own';
  const found = baseOf(input, aim);
  if (!found) return [];
  const { intent: _intent, ...base } = found;
  const request = change(base);
  const intent = { operationId: input.route.operationId, variant: name, axis, ...(options.alsoAs ? { alsoAs: options.alsoAs } : {}) };
  return [
    {
      axis,
      name,
      sender: input.sender,
      rule: options.rule ?? RULE_OF_SENDER[input.sender],
      conforming: options.conforming ?? conformingOf(input, aim),
      request: { ...request, intent },
      ...(options.rawPath ? { rawPath: true as const } : {}),
      ...(options.alsoAs ? { judgeAs: [options.alsoAs] } : {}),
      ...(options.essential ? { essential: true as const } : {}),
      ...(options.preferred && !options.essential ? { preferred: true as const } : {}),
      ...(options.pages ? { pages: true as const } : {}),
    },
  ];
}

/** A segment of a request path, lined up with the route's template. */
export interface PathSegment {
  /** Index in `path.split('/')`. */
  at: number;
  text: string;
  /** The template's parameter name at this place, or undefined for a literal segment. */
  param?: string;
}

/** The path part of a request path (before any `?`). */
export const pathOnly = (path: string): string => path.split('?')[0];

/** The segments of a request path (its query left out), each with the template's parameter at its place. */
export function segmentsOf(route: Route, path: string): PathSegment[] {
  const template = route.pathTemplate.split('/');
  return pathOnly(path)
    .split('/')
    .flatMap((text, at) => (text === '' ? [] : [{ at, text, param: /^\{(.+)\}$/.exec(template[at] ?? '')?.[1] }]));
}

/** The path with segment `at` replaced (the query kept). */
export function withSegment(path: string, at: number, text: string): string {
  const [head, ...query] = path.split('?');
  const parts = head.split('/');
  parts[at] = text;
  return [parts.join('/'), ...query].join('?');
}

/** The path with `insert` put before its last segment (`/a/b` → `/a/<insert>/b`). */
export function beforeLast(path: string, insert: string): string {
  const [head, ...query] = path.split('?');
  const cut = head.lastIndexOf('/');
  return [`${head.slice(0, cut)}/${insert}${head.slice(cut)}`, ...query].join('?');
}

/**
 * The request with these query pairs in its path's query string, after the request's own query: a record cannot
 * hold a name twice, the path can (the client appends `query` to what the path already has).
 */
export function withQueryPairs(request: IntendedRequest, pairs: [string, string][], drop: string[] = []): IntendedRequest {
  const own = Object.entries(request.query ?? {}).filter(([name]) => !drop.includes(name));
  const text = new URLSearchParams([...own, ...pairs]).toString();
  const [head] = request.path.split('?');
  const { query: _query, ...rest } = request;
  return { ...rest, path: text ? `${head}?${text}` : head };
}

/** A request without its intent, as it goes on the wire. */
const wireOf = ({ intent: _intent, ...request }: Variant['request']) => request;

/** Removes variants whose requests (and those they follow) are the same as an earlier one's (two ways to one spelling). */
export function distinct(variants: Variant[]): Variant[] {
  const seen = new Set<string>();
  return variants.filter((v) => {
    const key = JSON.stringify([v.sender, v.rule, wireOf(v.request), (v.before ?? []).map(wireOf)]);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A form body of a JSON object: each top-level field, strings as they are and anything else as JSON. */
export function formFields(body: unknown): [string, string][] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  return Object.entries(body).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
}
