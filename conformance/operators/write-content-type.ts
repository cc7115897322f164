// Operator: a write's valid body under content types that are not JSON, the
// ones a web form (or any page, without asking) can send: text/plain, a
// urlencoded form holding the JSON as one field and as fields, multipart (the
// JSON as a part, and the JSON text declared as multipart), and an empty
// Content-Type (the client always sends the header; empty is the nearest to
// none). A server whose scope check keys on JSON while its parser reads any
// body lets such a write past the check.
// A conforming server checks in one order whatever the type (G35): without a
// key 401, without the scope 403, outside bucketIds 404, else 415/400, or it
// serves the write as JSON for a key that may.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { routeHasSender, type Operator, type OperatorInput, type Variant } from './operator-types.ts';
import { distinct, formFields, variantOf } from './variant-build.ts';

const BOUNDARY = 'bucketkit-variant-boundary';

/** A multipart/form-data body with one part named `json` holding the text. */
function multipartOf(text: string): string {
  return [
    `--${BOUNDARY}`,
    'Content-Disposition: form-data; name="json"',
    'Content-Type: application/json',
    '',
    text,
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

function typeVariants(input: OperatorInput): Variant[] {
  const one = (name: string, contentType: string, body: (json: unknown, text: string) => string) =>
    variantOf(input, 'write-content-type', name, (base) => {
      const { json, ...rest } = base;
      const text = JSON.stringify(json ?? {});
      return { ...rest, rawBody: body(json, text), contentType } satisfies IntendedRequest;
    });
  return distinct([
    ...one('the JSON body as text/plain', 'text/plain', (_json, text) => text),
    ...one('the JSON text as a urlencoded form (one field)', 'application/x-www-form-urlencoded', (_json, text) => text),
    ...one('the body as urlencoded form fields', 'application/x-www-form-urlencoded', (json) =>
      new URLSearchParams(formFields(json)).toString(),
    ),
    ...one('the JSON as a multipart/form-data part', `multipart/form-data; boundary=${BOUNDARY}`, (_json, text) => multipartOf(text)),
    ...one('the JSON text declared as multipart/form-data', 'multipart/form-data', (_json, text) => text),
    ...one('the JSON body with an empty Content-Type', '', (_json, text) => text),
  ]);
}

export const writeContentType: Operator = {
  axis: 'write-content-type',
  about: "Sends a writing route's valid body as text/plain, as urlencoded and multipart forms, and with an empty Content-Type.",
  conformingAnswers:
    'the same refusals as for JSON in the same order (401, 403, 404), else 415 or 400; or the write served for a key that may',
  rules: ['auth', 'scope', 'bucket-limits', 'robustness'],
  senders: ['none', 'lacking', 'barred', 'holder'],
  applies: (route, sender) => route.requestBody !== undefined && routeHasSender(route, sender),
  variants: typeVariants,
};
