// Operator: the allowed bucket's valid request with one id from the other
// bucket, in every id position the contract declares: each path parameter
// naming something of a bucket (the workspace is the hierarchy axis's);
// each query parameter naming an id, a listing cursor taken from the other
// bucket's listing, a path or prefix climbing into it with `..`; each id field
// of the request body (walked from its schema), each list of ids with the
// foreign id first, second and last; each path field with `../<other>/`; a
// body naming the other bucket beside the other bucket's ids (bucketId where
// the schema takes none); and each id segment and query value of a presigned
// URL the route gave. Sent by a key barred from the other bucket.
// A conforming server refuses (404, 403, 400), or serves the allowed bucket
// as for the canonical request (a cursor is a position, G35): nothing of the
// other bucket may show or change. A path naming the other bucket's ids is refused.
import type { OperatorInput, Operator, Variant } from './operator-types.ts';
import { bodyFieldsOf, idKindOf, requestPropertiesOf } from './contract-fields.ts';
import { allowedLike, counterpartOf, valueAt, withValueAt } from './run-values.ts';
import { distinct, segmentsOf, variantOf, withSegment } from './variant-build.ts';
import { presignedVariants } from './presigned-urls.ts';

const ALLOWED = { aim: 'allowed' } as const;

function pathPositions(input: OperatorInput): Variant[] {
  const { route, seen } = input;
  return segmentsOf(route, input.valid.allowed.path).flatMap((s) => {
    // A bucket under another workspace is the hierarchy axis's: no id of the other bucket.
    if (!s.param || idKindOf(s.param) === 'workspace') return [];
    const other = counterpartOf(seen, idKindOf(s.param), decodeURIComponent(s.text));
    if (!other) return [];
    const change = (base: { path: string }) => withSegment(base.path, s.at, encodeURIComponent(other));
    // Essential for the bucket itself: the plainest probe of a key's bucketIds, judged on every bucket route in every run.
    return variantOf(input, 'id-substitution', `{${s.param}} swapped for the other bucket's`, (b) => ({ ...b, path: change(b) }), {
      aim: 'allowed',
      conforming: 'refusal',
      ...(idKindOf(s.param) === 'bucket' ? { essential: true as const } : {}),
    });
  });
}

function queryPositions(input: OperatorInput): Variant[] {
  const { route, seen } = input;
  return route.queryParams.flatMap((p) => {
    const one = (name: string, value: string) =>
      variantOf(input, 'id-substitution', name, (b) => ({ ...b, query: { ...b.query, [p.name]: value } }), ALLOWED);
    if (p.name === 'cursor') {
      // The other bucket's next page as the deployment pages it (its own parameter), else its `cursor`.
      const carried = seen.other.continuations?.[route.operationId];
      if (carried && !(Object.keys(carried).length === 1 && 'cursor' in carried))
        return variantOf(
          input,
          'id-substitution',
          "the other bucket's next page, as its listing asks for it",
          (b) => ({ ...b, query: { ...b.query, ...carried } }),
          ALLOWED,
        );
      const cursor = seen.other.cursors[route.operationId] ?? Object.values(seen.other.cursors)[0];
      return cursor ? one("a cursor from the other bucket's listing", cursor) : [];
    }
    if (/Ids?$/.test(p.name)) {
      const other = counterpartOf(seen, idKindOf(p.name), input.valid.allowed.query?.[p.name]);
      return other ? one(`?${p.name}= from the other bucket`, other) : [];
    }
    if (/(path|prefix)$/i.test(p.name)) return one(`?${p.name}= climbing into the other bucket with ../`, `../${seen.other.bucketId}/`);
    return [];
  });
}

function bodyPositions(input: OperatorInput): Variant[] {
  const { seen } = input;
  const json = input.valid.allowed.json;
  const one = (name: string, value: unknown, pointer: string[]) =>
    variantOf(input, 'id-substitution', name, (b) => ({ ...b, json: withValueAt(b.json, pointer, value) }), ALLOWED);
  return bodyFieldsOf(input.contract, input.route).flatMap((field) => {
    const at = field.pointer.join('.');
    const current = valueAt(json, field.pointer);
    if (field.shape === 'path') {
      const rest = typeof current === 'string' ? current : '';
      return [
        ...one(`${at} climbing into the other bucket with ../`, `../${seen.other.bucketId}/${rest}`, field.pointer),
        ...one(`${at} climbing into the other bucket with %2e%2e/`, `%2e%2e/${seen.other.bucketId}/${rest}`, field.pointer),
      ];
    }
    if (field.shape === 'id') {
      const other = counterpartOf(seen, field.kind, current);
      return other ? one(`${at} from the other bucket`, other, field.pointer) : [];
    }
    const list = Array.isArray(current) ? current : [];
    const other = counterpartOf(seen, field.kind, list[0]);
    if (!other) return [];
    const three = [...list, ...allowedLike(seen, list[0])].slice(0, 2);
    return [
      ...one(`${at}: an id of the other bucket first`, [other, ...list], field.pointer),
      ...(list.length > 0 ? one(`${at}: an id of the other bucket second`, [list[0], other, ...list.slice(1)], field.pointer) : []),
      ...(three.length > 0
        ? one(`${at}: an id of the other bucket last (entry ${three.length + 1})`, [...three, other], field.pointer)
        : []),
    ];
  });
}

/** The body naming the other bucket (a bucketId the schema does not take) with each of its ids from that bucket (essential). */
function bucketNamingBody(input: OperatorInput): Variant[] {
  const { route, seen, contract } = input;
  const fields = bodyFieldsOf(contract, route).filter((f) => f.shape !== 'path');
  if (!route.bucketScoped || fields.length === 0 || requestPropertiesOf(contract, route).has('bucketId')) return [];
  let body: unknown = input.valid.allowed.json;
  if (!fields.some((f) => valueAt(body, f.pointer) !== undefined)) return [];
  for (const f of fields) {
    const current = valueAt(body, f.pointer);
    if (f.shape === 'id' && current !== undefined) body = withValueAt(body, f.pointer, counterpartOf(seen, f.kind, current) ?? current);
    if (f.shape === 'ids' && Array.isArray(current))
      body = withValueAt(
        body,
        f.pointer,
        current.map((v) => counterpartOf(seen, f.kind, v) ?? v),
      );
  }
  const named = withValueAt(body, ['bucketId'], seen.other.bucketId);
  return variantOf(
    input,
    'id-substitution',
    "bucketId of the other bucket in the body, beside that bucket's ids",
    (b) => ({ ...b, json: named }),
    // Essential: a write that acts in the bucket its body names answers as if it acted in the path's, so only the
    // effects watch sees it, and only if this variant is sent; one per write that takes ids, whatever the budget.
    { ...ALLOWED, essential: true },
  );
}

export const idSubstitution: Operator = {
  axis: 'id-substitution',
  about:
    'Puts an id of the other bucket in each id position the contract declares (path, query, cursor, body ids and lists, body paths, presigned URLs).',
  conformingAnswers: 'any refusal, or the canonical answer for the allowed bucket with nothing of the other bucket shown or changed',
  rules: ['bucket-limits'],
  senders: ['barred'],
  applies: (route, sender) => sender === 'barred' && route.bucketScoped,
  variants: (input) =>
    distinct([
      ...pathPositions(input),
      ...queryPositions(input),
      ...bodyPositions(input),
      ...bucketNamingBody(input),
      ...presignedVariants(input),
    ]),
};
