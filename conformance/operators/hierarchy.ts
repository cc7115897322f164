// Operator: a child named under a parent it does not belong to, by a key that
// may call the route (and reaches both buckets, where the config has one): the
// allowed bucket under another workspace (one the key lists, or an id of none)
// on every bucket route, and the other bucket's test file under the allowed
// bucket on every route with a file in its path, each with the route's valid
// body. A server that checks the key against each id alone, never one against
// the other, serves them. Essential: sent whatever the budget.
// A conforming server refuses (404); the workspace-hierarchy and
// file-hierarchy rules fail any other answer it serves.
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { segmentsOf, variantOf, withSegment } from './variant-build.ts';

/** The valid request with the path parameter `param` naming `value` instead. */
function named(input: OperatorInput, param: string, value: string | undefined, name: string, rule: Variant['rule']): Variant[] {
  const segment = segmentsOf(input.route, input.valid.allowed.path).find((s) => s.param === param);
  if (!segment || value === undefined) return [];
  return variantOf(input, 'hierarchy', name, (base) => ({ ...base, path: withSegment(base.path, segment.at, encodeURIComponent(value)) }), {
    rule,
    conforming: 'refusal',
    essential: true,
  });
}

function hierarchyVariants(input: OperatorInput): Variant[] {
  const { route, seen } = input;
  // Upload-complete refuses every API-key client before anything else (G03): nothing there can show the rule.
  const workspace = route.agentForbidden
    ? []
    : named(input, 'workspaceId', seen.otherWorkspaceId, 'the allowed bucket named under another workspace', 'workspace-hierarchy');
  const file = named(input, 'fileId', seen.other.fileIds[0], "the other bucket's file under the allowed bucket", 'file-hierarchy');
  return [...workspace, ...file];
}

export const hierarchy: Operator = {
  axis: 'hierarchy',
  about: "Names the allowed bucket under another workspace, and the other bucket's file under the allowed bucket, with a key that may.",
  conformingAnswers: 'a refusal (404): a bucket lives in one workspace, a file in one bucket',
  rules: ['workspace-hierarchy', 'file-hierarchy'],
  senders: ['holder'],
  applies: (route, sender) => sender === 'holder' && route.bucketScoped,
  variants: hierarchyVariants,
};
