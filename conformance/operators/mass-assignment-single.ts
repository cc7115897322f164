// Operator: mass assignment one field at a time. On every writing route, each
// field of its answer and of the contract's records that its request body does
// not take (id, bucketId, workspaceId, path, size, status, timestamps, ...),
// sent beside the valid body, and, where the body requires nothing, as the
// whole body alone: a server that refuses some unknown fields and applies
// others answers a body of all of them 400, so each goes alone. Id fields name
// the other bucket's (its id, a file of it), the rest a sample of their schema.
// On the allowed bucket, by a key barred from the other one, and by a key that may.
// A conforming server refuses the unknown field (400) or ignores it (the
// canonical answer): nothing moves into, or shows, the other bucket.
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { foreignFieldsOf, idKindOf, requiresNothing, sampleOf } from './contract-fields.ts';
import { counterpartOf } from './run-values.ts';
import { distinct, variantOf } from './variant-build.ts';

/** The value a foreign field is sent with: the other bucket's for an id, else a sample of its schema. */
function valueOf(input: OperatorInput, name: string, schema: unknown): unknown {
  const other = name === 'id' || /Ids?$/.test(name) ? counterpartOf(input.seen, idKindOf(name)) : undefined;
  return other ?? sampleOf(input.contract.doc, schema);
}

function singleFieldVariants(input: OperatorInput): Variant[] {
  const { route, contract } = input;
  const alone = requiresNothing(contract, route);
  return distinct(
    foreignFieldsOf(contract, route).flatMap(([name, schema]) => {
      const value = valueOf(input, name, schema);
      // A field naming the other bucket (or a file of it) is what moves a record past the key's bucketIds.
      const allowed = { aim: 'allowed', preferred: JSON.stringify(value) !== JSON.stringify(sampleOf(contract.doc, schema)) } as const;
      // The other bucket's own id beside a valid body or alone as the body, sent by a key barred from it, is the move
      // past bucketIds a careless handler makes: sent whatever the budget (one or two per writing route).
      const movesBucket = input.sender === 'barred' && value !== undefined && value === input.seen.other.bucketId;
      const beside = variantOf(
        input,
        'mass-assignment-single',
        `'${name}' beside the valid body`,
        (base) => ({ ...base, json: { ...(base.json as object), [name]: value } }),
        movesBucket ? { aim: 'allowed', essential: true } : allowed,
      );
      const only = alone
        ? variantOf(
            input,
            'mass-assignment-single',
            `'${name}' alone as the body`,
            (base) => ({ ...base, json: { [name]: value } }),
            movesBucket ? { aim: 'allowed', essential: true } : allowed,
          )
        : [];
      return [...beside, ...only];
    }),
  );
}

export const massAssignmentSingle: Operator = {
  axis: 'mass-assignment-single',
  about: 'Sends each read-only or foreign record field the request body does not take, one per request, beside the valid body and alone.',
  conformingAnswers: 'the field refused (400) or ignored (the canonical answer), nothing of the other bucket moved or shown; never a 5xx',
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, sender) => route.mutates && route.requestBody !== undefined && (sender === 'holder' || route.bucketScoped),
  variants: singleFieldVariants,
};
