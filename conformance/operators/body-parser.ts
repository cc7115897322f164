// Operator: JSON texts that parsers read differently (Bishop Fox, "An
// Exploration of JSON Interoperability Vulnerabilities", 2021). A key barred
// from the other bucket sends, on the allowed bucket, each id field of the
// body twice (the allowed value then the other bucket's, and the reverse),
// its name spelled with a \u escape (alone, and beside the plain one), the
// other bucket's id written with \u escapes, and `bucketId` (where the body
// takes none) with an escaped name naming the other bucket: a check that
// reads the first copy or the raw text while the handler reads the last copy
// or the decoded name lets it past. A key that may sends its valid body after
// a byte-order mark, its numbers as 1e0, 1.0, -0 and huge, its strings with
// escapes, a NUL and a lone surrogate, and invalid texts (a trailing comma, a
// comment, a raw control character); the barred key sends the trailing comma
// on the other bucket. Raw bytes on the wire (`rawBody`).
// A conforming server refuses what is not JSON (400) and answers a JSON text
// as its parse (the last copy, or a 400 for a repeat): nothing of the other
// bucket shows or changes; never a 5xx.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { bodyFieldsOf, propertiesOf, requestPropertiesOf } from './contract-fields.ts';
import { counterpartOf, valueAt } from './run-values.ts';
import { distinct, variantOf } from './variant-build.ts';

type Member = (name: string, value: unknown) => string;

const member = (name: string, value: unknown) => `${JSON.stringify(name)}:${JSON.stringify(value)}`;

/** The JSON text of an object body with the member at `pointer` written by `write` (objects on the way kept). */
export function textWith(body: unknown, pointer: string[], write: Member): string {
  const node = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const names = Object.keys(node).includes(pointer[0]) ? Object.keys(node) : [...Object.keys(node), pointer[0]];
  const members = names.map((name) => {
    if (name !== pointer[0]) return member(name, node[name]);
    return pointer.length === 1 ? write(name, node[name]) : `${JSON.stringify(name)}:${textWith(node[name], pointer.slice(1), write)}`;
  });
  return `{${members.join(',')}}`;
}

/** A name with one letter as a \u escape (`bucketId` → `bucket\u0049d`): the same name to a JSON parser. */
export function escapedName(name: string): string {
  const upper = name.slice(1).search(/[A-Z]/);
  const i = upper >= 0 ? upper + 1 : name.length - 1;
  return `"${name.slice(0, i)}\\u${name.charCodeAt(i).toString(16).padStart(4, '0')}${name.slice(i + 1)}"`;
}

/** A JSON string of the text with every character as a \u escape. */
const escapedString = (text: string) => `"${[...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;

const raw = (base: IntendedRequest, text: string): IntendedRequest => {
  const { json: _json, ...rest } = base;
  return { ...rest, rawBody: text, contentType: 'application/json' };
};

/** The barred key's texts: each id field twice, escaped names, escaped ids; a foreign bucketId under an escaped name. */
function differentials(input: OperatorInput): Variant[] {
  const { seen, contract, route } = input;
  const json = input.valid.allowed.json;
  const one = (name: string, text: string, preferred = false) =>
    variantOf(input, 'body-parser', name, (b) => raw(b, text), { aim: 'allowed', preferred });
  const fields = bodyFieldsOf(contract, route).flatMap((field) => {
    const current = valueAt(json, field.pointer);
    if (field.shape === 'path' || current === undefined) return [];
    const list = Array.isArray(current);
    const other = counterpartOf(seen, field.kind, list ? current[0] : current);
    if (!other) return [];
    const theirs = list ? [other] : other;
    const at = field.pointer.join('.');
    return [
      ...one(
        `${at} twice: the allowed value, then the other bucket's`,
        textWith(json, field.pointer, (n, v) => `${member(n, v)},${member(n, theirs)}`),
        true,
      ),
      ...one(
        `${at} twice: the other bucket's, then the allowed value`,
        textWith(json, field.pointer, (n, v) => `${member(n, theirs)},${member(n, v)}`),
      ),
      ...one(
        `${at} with a \\u escape in its name, the other bucket's`,
        textWith(json, field.pointer, (n) => `${escapedName(n)}:${JSON.stringify(theirs)}`),
      ),
      ...one(
        `${at} plain (allowed) and with a \\u escape in its name (the other bucket's)`,
        textWith(json, field.pointer, (n, v) => `${member(n, v)},${escapedName(n)}:${JSON.stringify(theirs)}`),
        true,
      ),
      ...one(
        `${at}: the other bucket's id written with \\u escapes`,
        textWith(json, field.pointer, (n) => `${JSON.stringify(n)}:${list ? `[${escapedString(other)}]` : escapedString(other)}`),
      ),
    ];
  });
  const foreign =
    route.bucketScoped && !requestPropertiesOf(contract, route).has('bucketId')
      ? one(
          'bucketId (which the body does not take) with a \\u escape in its name, naming the other bucket',
          textWith(json, ['bucketId'], (n) => `${escapedName(n)}:${JSON.stringify(seen.other.bucketId)}`),
          true,
        )
      : [];
  const invalid = variantOf(input, 'body-parser', 'a trailing comma (not JSON), on the other bucket', (b) =>
    raw(b, JSON.stringify(b.json ?? {}).replace(/\}$/, ',}')),
  );
  return [...fields, ...foreign, ...invalid];
}

/** The number and string fields the valid body holds at its top level or one object deep. */
function scalarsOf(input: OperatorInput): { pointer: string[]; kind: 'number' | 'string' }[] {
  const json = input.valid.allowed.json;
  const found: { pointer: string[]; kind: 'number' | 'string' }[] = [];
  const walk = (node: unknown, pointer: string[], depth: number) => {
    for (const [name, schema] of Object.entries(propertiesOf(input.contract.doc, node))) {
      const at = [...pointer, name];
      const value = valueAt(json, at);
      if (typeof value === 'number') found.push({ pointer: at, kind: 'number' });
      else if (typeof value === 'string' && !schema.enum && schema.const === undefined) found.push({ pointer: at, kind: 'string' });
      else if (value !== null && typeof value === 'object' && !Array.isArray(value) && depth < 1) walk(schema, at, depth + 1);
    }
  };
  if (input.route.requestBody) walk({ $ref: input.route.requestBody.schemaRef }, [], 0);
  return found;
}

/** The key that may: its valid body as texts parsers read differently, and texts that are not JSON. */
function oddTexts(input: OperatorInput): Variant[] {
  const json = input.valid.allowed.json ?? {};
  const plain = JSON.stringify(json);
  const one = (name: string, text: string) => variantOf(input, 'body-parser', name, (b) => raw(b, text));
  const scalars = scalarsOf(input).flatMap(({ pointer, kind }) => {
    const at = pointer.join('.');
    const value = valueAt(json, pointer);
    const written = (text: string) => textWith(json, pointer, (n) => `${JSON.stringify(n)}:${text}`);
    if (kind === 'number')
      return [`${String(value)}e0`, `${String(value)}.0`, '-0', '1e400', '99999999999999999999999'].flatMap((text) =>
        one(`${at} written as ${text}`, written(text)),
      );
    const text = JSON.stringify(value).slice(1, -1);
    return [
      [`"${text}\\u0000"`, 'an escaped NUL'],
      [`"${text}\\ud800"`, 'a lone surrogate'],
      [`"${text.replace(/\//g, '\\/')}\\/x"`, 'escaped slashes'],
    ].flatMap(([written_, why]) => one(`${at} with ${why}`, written(written_)));
  });
  return [
    ...one('the body after a byte-order mark', `\ufeff${plain}`),
    ...scalars,
    ...one('a trailing comma (not JSON)', plain.replace(/\}$/, ',}')),
    ...one('a // comment after the body (not JSON)', `${plain} // bucketkit`),
    ...one('a /* comment */ inside the body (not JSON)', plain.replace(/^\{/, '{/* bucketkit */')),
    ...one(
      'a raw control character in a string (not JSON)',
      textWith(json, ['bucketkit'], (n) => `${JSON.stringify(n)}:"a\u0001b"`),
    ),
  ];
}

export const bodyParser: Operator = {
  axis: 'body-parser',
  about:
    'Writes the body as JSON texts parsers read differently: a field twice, escaped names and ids, a byte-order mark, odd numbers and strings, texts that are not JSON.',
  conformingAnswers:
    'a text that is not JSON refused (400); a JSON text answered as its parse or refused; nothing of the other bucket; never a 5xx',
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, sender) => route.requestBody !== undefined && (sender === 'holder' || route.bucketScoped),
  variants: (input) => distinct(input.sender === 'barred' ? differentials(input) : oddTexts(input)),
};
