// Operator: content negotiation. The request asks for another representation
// (Accept: text/csv, application/xml, text/html, */*, JSON refused with q=0,
// a type no server has), another coding (Accept-Encoding) or language
// (Accept-Language): a server whose other representation is rendered by
// another code path (an export, a template, a compressing proxy) may leave a
// check behind there (CATS's header fuzzers, "Accept" and "AcceptLanguage";
// RFC 9110 §12.5). A conforming server refuses the sender as it refuses its
// plain request, and serves a key that may the JSON answer, 406 or any
// refusal (never a 5xx). A barred key's Accept: text/csv is kept first when
// the budget trims.
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

/** The negotiation headers a variant sends, each named by what it asks. */
export const NEGOTIATIONS: [string, string][] = [
  ['Accept', 'text/csv'],
  ['Accept', 'application/xml'],
  ['Accept', 'text/html'],
  ['Accept', '*/*'],
  ['Accept', 'application/json;q=0'],
  ['Accept', 'application/x-bucketkit-unknown'],
  ['Accept', 'text/csv, application/json;q=0.1'],
  ['Accept-Encoding', 'gzip'],
  ['Accept-Encoding', 'br'],
  ['Accept-Encoding', '*'],
  ['Accept-Encoding', 'identity;q=0'],
  ['Accept-Language', 'fr-FR'],
  ['Accept-Language', '*'],
];

function negotiationVariants(input: OperatorInput): Variant[] {
  return distinct(
    NEGOTIATIONS.flatMap(([header, value], i) =>
      variantOf(input, 'negotiation', `${header}: ${value}`, (base) => ({ ...base, headers: { ...base.headers, [header]: value } }), {
        // An export (CSV) is the commonest other representation: a barred key's list keeps it first when the budget trims.
        preferred: i === 0 && input.sender === 'barred',
      }),
    ),
  );
}

export const negotiation: Operator = {
  axis: 'negotiation',
  about:
    'Asks for another representation, coding or language: Accept, Accept-Encoding and Accept-Language in values a server may branch on.',
  conformingAnswers: 'refused without a key, the scope or the bucket; a key that may: the JSON answer, 406 or any refusal, never a 5xx',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  // The key that may reads: a write it sends would act again on its valid call for nothing the holder can break.
  applies: (route, sender) => routeHasSender(route, sender) && (sender !== 'holder' || route.method === 'GET'),
  variants: negotiationVariants,
};
