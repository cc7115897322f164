// Operator: a writing route's method carried by another method. The route's
// path is sent as GET and as POST (and as any other method the contract
// declares there), with the write's valid body and its method in each override
// channel: X-HTTP-Method-Override, X-Method-Override, X-HTTP-Method, `_method`
// in the query, in the JSON body and in a form body. A server that honours an
// override after checking only the carrier's scope acts on the write.
// A conforming server ignores the override (answering as the carrier would, or
// 404/405 where the contract has no such method) or refuses it. The exchange is
// judged as the write and, where the contract declares it, as the carrier; a
// key lacking the scope must lack the carrier's too (else a 2xx may be the carrier).
// Essential: a GET the contract declares on the path carrying the write in an
// override header or `?_method=`, sent without a key and by a key lacking the
// scopes (any 2xx gives it more than it holds), whatever the budget.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, formFields, variantOf } from './variant-build.ts';

/** The override headers frameworks read (Rails, Express's method-override, ASP.NET, OData). */
export const OVERRIDE_HEADERS = ['X-HTTP-Method-Override', 'X-Method-Override', 'X-HTTP-Method'];

/** The methods that may carry the route's: every other method the contract declares on its path, GET and POST. */
export function carriersOf(route: Route, routes: Route[]): string[] {
  const declared = routes.filter((r) => r.pathTemplate === route.pathTemplate).map((r) => r.method as string);
  return [...new Set([...declared, 'GET', 'POST'])].filter((m) => m !== route.method);
}

function carried(base: IntendedRequest, carrier: string): IntendedRequest {
  return { ...base, method: carrier };
}

function channelVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  const method = route.method;
  return distinct(
    carriersOf(route, input.contract.routes).flatMap((carrier) => {
      const alsoAs = input.contract.routes.find((r) => r.pathTemplate === route.pathTemplate && r.method === carrier)?.operationId;
      // The declared GET's frameworks read overrides from headers and the query; a sender that may call neither must be refused.
      const essential = carrier === 'GET' && alsoAs !== undefined && (input.sender === 'none' || input.sender === 'lacking');
      const one = (name: string, change: (base: IntendedRequest) => IntendedRequest, framework = false) =>
        variantOf(input, 'method-channel', `${carrier} carrying ${method} ${name}`, change, { alsoAs, essential: framework && essential });
      const json = (base: IntendedRequest) => base.json;
      const isObject = (body: unknown) => body !== null && typeof body === 'object' && !Array.isArray(body);
      return [
        ...OVERRIDE_HEADERS.flatMap((header) =>
          one(`in ${header}`, (base) => ({ ...carried(base, carrier), headers: { ...base.headers, [header]: method } }), true),
        ),
        ...one('in ?_method=', (base) => ({ ...carried(base, carrier), query: { ...base.query, _method: method } }), true),
        ...one('in _method of the JSON body', (base) => ({
          ...carried(base, carrier),
          json: isObject(json(base)) ? { ...(json(base) as object), _method: method } : { _method: method },
        })),
        ...one('in _method of a form body', (base) => {
          const { json: _json, ...rest } = carried(base, carrier);
          const fields = [['_method', method], ...formFields(json(base))];
          return { ...rest, rawBody: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' };
        }),
      ];
    }),
  );
}

export const methodChannel: Operator = {
  axis: 'method-channel',
  about:
    "Sends a writing route's method in override headers, ?_method= and a _method body field, carried by GET, POST and the path's other methods.",
  conformingAnswers: 'the override ignored (the carrier answered, or 404/405), or any refusal',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: (route, sender) => route.mutates && routeHasSender(route, sender),
  variants: channelVariants,
};
