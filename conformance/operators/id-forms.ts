// Operator: every id position with every spelling of the id a server may fold
// into it (value-forms.ts: case, whitespace, a trailing newline, percent-
// encoding as text, separators, fullwidth and other Unicode look-alikes). A
// key barred from the other bucket sends the other bucket's id so spelled on
// the allowed bucket's request (a path parameter, a query id, a body id, the
// last entry of an id list); a key that may sends its own ids so spelled. A
// server that compares ids exactly in its access check but looks them up
// case-blind, trimmed, decoded or NFKC-folded lets the barred key reach the
// other bucket.
// A conforming server refuses (400 for a spelling its ids do not take, 404
// for an id it does not know), or serves the spelling as the id itself after
// the same checks: nothing of the other bucket shows or changes; never a 5xx.
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { bodyFieldsOf, idKindOf } from './contract-fields.ts';
import { counterpartOf, valueAt, withValueAt } from './run-values.ts';
import { distinct, segmentsOf, variantOf, withSegment } from './variant-build.ts';
import { formsOf } from './value-forms.ts';

/** The id a sender spells: the other bucket's counterpart for a barred key, its own for a key that may. */
const idFor = (input: OperatorInput, kind: string, own: unknown): string | undefined =>
  input.sender === 'barred' ? counterpartOf(input.seen, kind, own) : typeof own === 'string' ? own : undefined;

/** Each spelling of the id as a variant: `place` puts the spelled id in the base request. */
function spelled(
  input: OperatorInput,
  where: string,
  id: string | undefined,
  place: (base: IntendedRequest, form: string) => IntendedRequest,
  inPath = false,
): Variant[] {
  if (id === undefined) return [];
  // A path naming the other bucket's id, however spelled, is refused; elsewhere the allowed bucket may be served.
  const options = input.sender === 'barred' ? ({ aim: 'allowed', ...(inPath ? { conforming: 'refusal' } : {}) } as const) : {};
  return formsOf(id).flatMap(([form, why]) =>
    variantOf(
      input,
      'id-forms',
      `${where}: ${input.sender === 'barred' ? "the other bucket's" : 'its'} id, ${why}`,
      (b) => place(b, form),
      options,
    ),
  );
}

function idFormVariants(input: OperatorInput): Variant[] {
  const { route } = input;
  const allowed = input.valid.allowed;
  const path = segmentsOf(route, allowed.path).flatMap((s) =>
    !s.param || idKindOf(s.param) === 'workspace'
      ? []
      : spelled(
          input,
          `{${s.param}}`,
          idFor(input, idKindOf(s.param), decodeURIComponent(s.text)),
          (b, form) => ({ ...b, path: withSegment(b.path, s.at, encodeURIComponent(form)) }),
          true,
        ),
  );
  const query = route.queryParams
    .filter((p) => /Ids?$/.test(p.name) && allowed.query?.[p.name] !== undefined)
    .flatMap((p) =>
      spelled(input, `?${p.name}`, idFor(input, idKindOf(p.name), allowed.query?.[p.name]), (b, form) => ({
        ...b,
        query: { ...b.query, [p.name]: form },
      })),
    );
  const body = bodyFieldsOf(input.contract, route).flatMap((field) => {
    const current = valueAt(allowed.json, field.pointer);
    const at = field.pointer.join('.');
    if (field.shape === 'id')
      return spelled(input, at, idFor(input, field.kind, current), (b, form) => ({ ...b, json: withValueAt(b.json, field.pointer, form) }));
    if (field.shape !== 'ids' || !Array.isArray(current) || current.length === 0) return [];
    // The spelled id last, after the valid list's own (a key that may: its first id spelled, in its place).
    const barred = input.sender === 'barred';
    return spelled(input, `${at} (last entry)`, idFor(input, field.kind, current[0]), (b, form) => ({
      ...b,
      json: withValueAt(b.json, field.pointer, barred ? [...current, form] : [form, ...current.slice(1)]),
    }));
  });
  return distinct([...path, ...query, ...body]);
}

export const idForms: Operator = {
  axis: 'id-forms',
  about:
    'Spells the id in each id position (path, query, body ids and lists) in the forms a server may fold: case, whitespace, encodings, separators, Unicode look-alikes.',
  conformingAnswers:
    'any refusal (400, 404), or the spelling served as the id itself after the same checks; nothing of the other bucket; never a 5xx',
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, _sender, contract) =>
    route.bucketScoped &&
    (route.pathParams.some((p) => idKindOf(p.name) !== 'workspace') ||
      bodyFieldsOf(contract, route).some((f) => f.shape !== 'path') ||
      route.queryParams.some((p) => /Ids?$/.test(p.name))),
  variants: idFormVariants,
};
