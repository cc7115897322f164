// Operator: query parameters a server may read where the contract does not.
// A query parameter named like each of the contract's path parameters
// (`?bucketId=`, `?workspaceId=`, `?fileId=`) naming the other bucket's; and
// each query parameter the route declares sent twice (its lowest and highest
// value in both orders for a number, two values for a string or enum, the
// allowed and the other bucket's cursor), so a check that reads one copy and a
// handler that reads the other part ways. On the allowed bucket, by a key
// barred from the other one, and by a key that may (never a 5xx).
// A conforming server ignores parameters the operation does not list (G35) and
// answers a repeat as one of its copies, or refuses it (400): nothing of the
// other bucket may show.
import type { RouteParam } from '../../openapi/contract/route-table.ts';
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { idKindOf, sampleOf } from './contract-fields.ts';
import { counterpartOf } from './run-values.ts';
import { distinct, variantOf, withQueryPairs } from './variant-build.ts';

/** Two values of a query parameter to send it twice with, each pair once in each order. */
function pairsOf(input: OperatorInput, p: RouteParam): [string, string][] {
  const { schema } = p;
  if (p.name === 'cursor') {
    const mine = input.seen.allowed.cursors[input.route.operationId];
    const theirs = input.seen.other.cursors[input.route.operationId];
    return mine && theirs
      ? [
          [mine, theirs],
          [theirs, mine],
        ]
      : [];
  }
  if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number') {
    const [low, high] = [String(schema.minimum), String(schema.maximum)];
    return [
      [low, high],
      [high, low],
    ];
  }
  const first = input.valid.allowed.query?.[p.name] ?? String(sampleOf(input.contract.doc, schema));
  const second = schema.enum?.map(String).find((v) => v !== first) ?? `${first}-bucketkit`;
  return [
    [first, second],
    [second, first],
  ];
}

/** The query parameters a parameter needs beside it (`semantic` needs `search`), with the valid request's value or a sample. */
function neededBy(input: OperatorInput, p: RouteParam): [string, string][] {
  return p.dependentRequired.flatMap((name) => {
    const needed = input.route.queryParams.find((q) => q.name === name);
    const value = input.valid.allowed.query?.[name] ?? (needed ? String(sampleOf(input.contract.doc, needed.schema)) : undefined);
    return value === undefined ? [] : [[name, value] as [string, string]];
  });
}

function pollutionVariants(input: OperatorInput): Variant[] {
  const { route, seen, contract } = input;
  const allowed = { aim: 'allowed' } as const;
  const naming = { aim: 'allowed', preferred: true } as const;
  const pathNames = [...new Set(contract.routes.flatMap((r) => r.pathParams.map((p) => p.name)))];
  const named = pathNames.flatMap((name) => {
    const other = counterpartOf(seen, idKindOf(name));
    if (!other) return [];
    return variantOf(
      input,
      'parameter-pollution',
      `?${name}= naming the other bucket's`,
      (b) => ({ ...b, query: { ...b.query, [name]: other } }),
      naming,
    );
  });
  const repeated = route.queryParams.flatMap((p) =>
    pairsOf(input, p).flatMap(([a, b]) =>
      variantOf(
        input,
        'parameter-pollution',
        `?${p.name} sent twice (${a.length > 24 ? 'a cursor' : a}, then ${b.length > 24 ? 'a cursor' : b})`,
        (base) => withQueryPairs(base, [...neededBy(input, p), [p.name, a], [p.name, b]], [p.name, ...p.dependentRequired]),
        allowed,
      ),
    ),
  );
  return distinct([...named, ...repeated]);
}

export const parameterPollution: Operator = {
  axis: 'parameter-pollution',
  about:
    "Adds query parameters named like the contract's path parameters, naming the other bucket, and sends each declared query parameter twice.",
  conformingAnswers:
    'the unlisted parameter ignored and a repeat read as one copy (the canonical answer), or 400; nothing of the other bucket shown',
  rules: ['bucket-limits', 'robustness'],
  senders: ['barred', 'holder'],
  applies: (route, sender) => sender === 'holder' || route.bucketScoped,
  variants: pollutionVariants,
};
