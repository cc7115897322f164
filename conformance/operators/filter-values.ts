// Operator: every free-text query parameter (a filter: the file listing's
// prefix, search, tag; not a cursor, an id or an enum) in the spellings a
// server may normalise after its checks (value-forms.ts), and `+` against
// `%20` for a space on the wire. Values: the valid request's (or a sample of
// the schema), and for a path-like parameter `../<other bucket>/` climbing
// out of the bucket, in each spelling (a fullwidth `．．`, an encoded `%2e`,
// spaces around). Sent on the allowed bucket by a key barred from the other
// one, and by a key that may (never a 5xx). A listing that refuses `..` as
// sent but resolves it once folded lists the other bucket.
// A conforming server answers each as the value it reads (the allowed
// bucket's items alone, or none) or refuses it (400): never another bucket's items.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { RouteParam } from '../../openapi/contract/route-table.ts';
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { isPathName, sampleOf } from './contract-fields.ts';
import { distinct, variantOf } from './variant-build.ts';
import { formsOf } from './value-forms.ts';

/** A filter: a string query parameter that is no cursor, no id and no enum. */
export const isFilter = (p: RouteParam): boolean =>
  p.name !== 'cursor' && !/Ids?$/.test(p.name) && !p.schema.enum && [p.schema.type].flat().includes('string');

/** The request's query with `name` set to a value already encoded for the wire (kept in the path: `%20` stays). */
function withWireValue(base: IntendedRequest, name: string, wire: string): IntendedRequest {
  const own = Object.entries(base.query ?? {}).filter(([n]) => n !== name);
  const text = [new URLSearchParams(own).toString(), `${encodeURIComponent(name)}=${wire}`].filter(Boolean).join('&');
  const { query: _query, ...rest } = base;
  return { ...rest, path: `${base.path.split('?')[0]}?${text}` };
}

function filterVariants(input: OperatorInput): Variant[] {
  const { route, seen, contract } = input;
  const barred = input.sender === 'barred';
  const options = barred ? ({ aim: 'allowed' } as const) : {};
  return distinct(
    route.queryParams.filter(isFilter).flatMap((p) => {
      const valid = input.valid.allowed.query?.[p.name] ?? String(sampleOf(contract.doc, p.schema));
      const values: [string, string][] = [[valid, 'its value']];
      if (isPathName(p.name)) values.push([`../${seen.other.bucketId}/`, "'../<other bucket>/'"]);
      const spelled = values.flatMap(([value, what]) =>
        formsOf(value).flatMap(([form, why]) =>
          variantOf(
            input,
            'filter-values',
            `?${p.name}= ${what}, ${why}`,
            (b) => withWireValue(b, p.name, encodeURIComponent(form)),
            options,
          ),
        ),
      );
      // A space as '+' and as '%20': a decoder that reads one and not the other sees two values.
      const spaced = `${valid} ${valid}`;
      const space = [
        ['+', encodeURIComponent(spaced).replace(/%20/g, '+')],
        ['%20', encodeURIComponent(spaced)],
      ].flatMap(([how, wire]) =>
        variantOf(input, 'filter-values', `?${p.name}= with a space as '${how}'`, (b) => withWireValue(b, p.name, wire), options),
      );
      return [...spelled, ...space];
    }),
  );
}

export const filterValues: Operator = {
  axis: 'filter-values',
  about:
    "Sends each free-text query parameter (prefix, search, tag) in spellings a server may normalise, and '../<other bucket>/' so spelled for a path-like one.",
  conformingAnswers:
    "the value read as sent (the allowed bucket's items alone) or refused (400); never another bucket's items; never a 5xx",
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, sender) => route.method === 'GET' && route.queryParams.some(isFilter) && (sender === 'holder' || route.bucketScoped),
  variants: filterVariants,
};
