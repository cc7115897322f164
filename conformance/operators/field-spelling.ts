// Operator: id fields under spellings of their names that the contract does
// not use, sent beside the valid body by a key barred from the other bucket,
// each naming the other bucket's id: every id name of the contract (its path
// parameters but the workspace, the route's body id fields) in snake case, Pascal case, with an
// upper-case `ID`, in kebab case, dotted, and nested (`{"bucket": {"id": ...}}`
// for `bucketId`). A server whose binder folds names (many do: case-blind
// keys, snake-case mapping, dotted paths) while its check reads the
// contract's spelling acts on the other bucket.
// A conforming server refuses the unknown field (400) or ignores it (the
// canonical answer): nothing of the other bucket shows or changes.
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { bodyFieldsOf, idKindOf, requestPropertiesOf } from './contract-fields.ts';
import { counterpartOf, valueAt, withValueAt } from './run-values.ts';
import { distinct, variantOf } from './variant-build.ts';

/** The words of a camel-case name (`fileIds` → `file`, `Ids`). */
const wordsOf = (name: string): string[] => name.split(/(?=[A-Z])/);

/**
 * Spellings of a camel-case name the contract does not use, each as the property path it is sent at: snake,
 * Pascal, `ID`, kebab, dotted, and nested under its first word (`bucket.id` as an object).
 */
export function spellingsOf(name: string): [string[], string][] {
  const words = wordsOf(name);
  if (words.length < 2) return [];
  const lower = words.map((w) => w.toLowerCase());
  const pascal = words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
  const last = words[words.length - 1];
  const upperId = [...words.slice(0, -1), last.replace(/^Id/, 'ID')].join('');
  const spellings: [string[], string][] = [
    [[lower.join('_')], 'snake case'],
    [[pascal], 'Pascal case'],
    [[upperId], "with 'ID'"],
    [[lower.join('-')], 'kebab case'],
    [[lower.join('.')], 'dotted'],
    [[lower[0], lower.slice(1).join('_')], 'nested'],
  ];
  const seen = new Set([name]);
  return spellings.filter(([pointer]) => !seen.has(pointer.join('\u0000')) && seen.add(pointer.join('\u0000')));
}

function spellingVariants(input: OperatorInput): Variant[] {
  const { route, contract, seen } = input;
  const takes = requestPropertiesOf(contract, route);
  const json = input.valid.allowed.json;
  const bodyIds = bodyFieldsOf(contract, route)
    .filter((f) => f.shape !== 'path' && f.pointer.length === 1)
    .map((f) => ({ name: f.pointer[0], kind: f.kind, list: f.shape === 'ids', current: valueAt(json, f.pointer) }));
  // A workspace is the hierarchy axis's: the names of a bucket's things.
  const pathNames = contract.routes.flatMap((r) => r.pathParams.map((p) => p.name)).filter((name) => idKindOf(name) !== 'workspace');
  const pathIds = [...new Set(pathNames)].map((name) => ({
    name,
    kind: idKindOf(name),
    list: false,
    current: undefined as unknown,
  }));
  const names = [...pathIds, ...bodyIds].filter((n, i, all) => all.findIndex((m) => m.name === n.name) === i);
  return distinct(
    names.flatMap(({ name, kind, list, current }) => {
      const other = counterpartOf(seen, kind, Array.isArray(current) ? current[0] : current);
      if (!other) return [];
      const value = list ? [other] : other;
      return spellingsOf(name)
        .filter(([pointer]) => !takes.has(pointer[0]))
        .flatMap(([pointer, why]) =>
          variantOf(
            input,
            'field-spelling',
            `'${pointer.join('.')}' (${name} ${why}) naming the other bucket's, beside the valid body`,
            (b) => ({ ...b, json: withValueAt(b.json, pointer, value) }),
            { aim: 'allowed', preferred: kind === 'bucket' },
          ),
        );
    }),
  );
}

export const fieldSpelling: Operator = {
  axis: 'field-spelling',
  about:
    "Sends each id name of the contract under spellings it does not use (snake, Pascal, ID, kebab, dotted, nested), naming the other bucket's, beside the valid body.",
  conformingAnswers: 'the unknown field refused (400) or ignored (the canonical answer); nothing of the other bucket shown or changed',
  rules: ['bucket-limits'],
  senders: ['barred'],
  applies: (route, sender) => sender === 'barred' && route.bucketScoped && route.mutates && route.requestBody !== undefined,
  variants: spellingVariants,
};
