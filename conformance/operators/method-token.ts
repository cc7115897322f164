// Operator: the route's method token spelled otherwise, and the methods its
// path does not declare. The method in lower case (`get`) and with only its
// first letter upper (`Patch`): RFC 9110 §9.1 makes the token case-sensitive,
// and a server whose router folds case while its access rules match the token
// as sent serves it past them. Each method of the contract its path does not
// declare (PUT, DELETE, ...; HEAD has its own axis): access rules written per
// method (HTTP verb tampering) leave another method unchecked while a handler
// serves it. OPTIONS and TRACE go from the key that may alone: a refusing
// sender may be answered a CORS preflight or the proxy's echo, neither a
// route's answer.
// The method tokens need a client that sends them as written: the suite's
// transport does (undici); a fetch would upper-case some of them.
// A conforming server refuses the token (400, 404, 405, 501, any refusal), or
// serves it as the route after the same checks (a key that may).
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { METHODS } from '../../openapi/contract/route-table.ts';
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

/** Methods whose request has no body to the API (RFC 9110 §9.3: the valid body is left off). */
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE', 'OPTIONS', 'TRACE']);

/** The methods a key that may also sends: answered by any server, never a route's operation. */
const PROBING = ['OPTIONS', 'TRACE'];

function withMethod(base: IntendedRequest, method: string): IntendedRequest {
  if (!BODYLESS.has(method.toUpperCase())) return { ...base, method };
  const { json: _json, rawBody: _raw, contentType: _type, ...rest } = base;
  return { ...rest, method };
}

function tokenVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  // Kept first when the budget trims: the lower-case token and the first undeclared method from a key lacking the scope.
  const one = (name: string, method: string, first = false) =>
    variantOf(input, 'method-token', name, (base) => withMethod(base, method), { preferred: first && input.sender === 'lacking' });
  const lower = route.method.toLowerCase();
  const capitalised = `${route.method[0]}${lower.slice(1)}`;
  const declared = new Set(input.contract.routes.filter((r) => r.pathTemplate === route.pathTemplate).map((r) => r.method as string));
  const undeclared = METHODS.filter((m) => !declared.has(m));
  return distinct([
    ...one(`the method as '${lower}'`, lower, true),
    ...one(`the method as '${capitalised}'`, capitalised),
    // Another method is no request of the key that may: it might act (a DELETE the path has undocumented).
    ...(input.sender === 'holder' ? PROBING : undeclared).flatMap((method, i) =>
      one(`${method} in place of ${route.method}`, method, i === 0),
    ),
  ]);
}

export const methodToken: Operator = {
  axis: 'method-token',
  about:
    "Sends the route's method in lower case and capitalised, and in its place each method of the contract the path does not declare (OPTIONS and TRACE from the key that may).",
  conformingAnswers: 'a refusal of the token (400/404/405/501, any refusal), or (a key that may) the route served after the same checks',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: routeHasSender,
  variants: tokenVariants,
};
