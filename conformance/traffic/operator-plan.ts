// How many operator variants a run sends, of each route, sender and axis:
// fixed before any request, from the contract alone (each route's example
// body, placeholder ids) and the run's settings, so that every worker of a run
// computes the same plan whichever check it runs. The variants sent are made
// from the run's real valid calls; each (route, sender, axis) list is cut to
// its planned count the same way everywhere (operators/plan-variants.ts).
import { fillPath, type Route } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { Auth } from '../http/api-client.ts';
import { sendersOf } from '../operators/catalogue.ts';
import { loadContract } from '../operators/contract-fields.ts';
import { budgetFor, type Budget } from '../operators/budget.ts';
import {
  SENDERS,
  type Axis,
  type BucketSeen,
  type OperatorContract,
  type OperatorInput,
  type Rule,
  type RunSeen,
  type Sender,
} from '../operators/operator-types.ts';
import { planVariants, type VariantPlan } from '../operators/plan-variants.ts';

/**
 * The time a run gives the operator variants that are not essential at the deployment's rate: 180 s at the
 * cautious default of 5 req/s is 900 requests, a quarter of a core run's; a published --max-rps scales it. Enough
 * that the axes needing less than a fair share (id substitution, replayed credentials) are never trimmed.
 */
export const VARIANT_TIME_MS = 180_000;

/** The planned count of each (route, sender, axis) list and where its spread starts, and the plan it came from (for the report). */
export interface OperatorPlan {
  budget: Budget;
  plan: VariantPlan;
  /** How many of the list's budgeted variants to keep (beside its essential ones), and where the spread starts. */
  share(operationId: string, sender: Sender, axis: Axis): { planned: number; rotation: number };
  /** The senders with variants on the route that the rule judges (an ORACLE-<rule>-<op> check sends theirs). */
  sendersFor(rule: Rule, operationId: string): Sender[];
}

const key = (operationId: string, sender: Sender, axis: Axis) => `${operationId}|${sender}|${axis}`;

/** What a run may have seen, in placeholders: a few files of each bucket, a cursor per listing, a presigned URL, two credentials. */
function placeholderSeen(contract: OperatorContract): RunSeen {
  const bucket = (tag: string): BucketSeen => ({
    bucketId: `bkt_${tag}`,
    fileIds: [`file_${tag}1`, `file_${tag}2`, `file_${tag}3`],
    trashedFileIds: [`file_${tag}t1`],
    paths: [`plan/${tag}.txt`],
    cursors: Object.fromEntries(
      contract.routes.filter((r) => r.queryParams.some((p) => p.name === 'cursor')).map((r) => [r.operationId, `cursor_${tag}`]),
    ),
    presigned: contract.routes
      .filter((r) => /presign/i.test(r.operationId))
      .map((r) => ({ operationId: r.operationId, url: `https://files.example.com/${r.operationId}/file_${tag}1?token=t${tag}` })),
  });
  return {
    workspaceId: 'ws_plan',
    otherWorkspaceId: 'ws_plan_other',
    allowed: bucket('a'),
    other: bucket('o'),
    credentials: [
      { via: 'cookie', name: 'session', value: 'plan' },
      { via: 'header', name: 'X-Session-Token', value: 'plan' },
    ],
  };
}

/** The route's request on a placeholder bucket: its example body, placeholder ids in the path. */
function placeholderRequest(route: Route, bucket: BucketSeen, seen: RunSeen, auth: Auth) {
  const path = fillPath(route.pathTemplate, { workspaceId: seen.workspaceId, bucketId: bucket.bucketId, fileId: bucket.fileIds[0] });
  const json = structuredClone(route.requestBody?.example);
  return { method: route.method, path, auth, ...(json === undefined ? {} : { json }), intent: { operationId: route.operationId } };
}

/** The input of an operator for a route and sender, in placeholders. */
function placeholderInput(contract: OperatorContract, seen: RunSeen, route: Route, sender: Sender): OperatorInput {
  const auth: Auth = sender === 'none' ? { none: true } : { key: sender };
  return {
    route,
    sender,
    contract,
    seen,
    token: sender === 'none' ? undefined : () => `plan_${sender}_0123456789abcdef`,
    mayCall: {
      allowed: { key: 'holder' },
      ...(route.bucketScoped ? { other: { key: 'holder' } } : {}),
      token: () => 'plan_holder_0123456789abcdef',
    },
    valid: {
      allowed: placeholderRequest(route, seen.allowed, seen, auth),
      ...(route.bucketScoped ? { other: placeholderRequest(route, seen.other, seen, auth) } : {}),
    },
  };
}

const plans = new Map<string, OperatorPlan>();

/** The run's plan: the budget from its settings, shared fairly over axes, routes and senders (computed once per process). */
export function operatorPlan(settings: Pick<RunSettings, 'maxRps' | 'readOnly'>): OperatorPlan {
  const id = `${settings.maxRps ?? ''}|${settings.readOnly}`;
  const known = plans.get(id);
  if (known) return known;
  const c = loadContract();
  const seen = placeholderSeen(c);
  const inputs = c.routes.flatMap((route) => sendersOf(route).map((sender) => placeholderInput(c, seen, route, sender)));
  const budget = budgetFor({ maxRps: settings.maxRps, timeBudgetMs: VARIANT_TIME_MS });
  const plan = planVariants(inputs, budget.requests, { readOnly: settings.readOnly });
  const shares = new Map(plan.shares.map((s) => [key(s.operationId, s.sender, s.axis), s]));
  // Who sends what each rule judges: read from the plan, so a check prepares only the senders it needs.
  const judging = new Map<string, Set<Sender>>();
  for (const v of plan.variants) {
    const at = `${v.rule}|${v.request.intent.operationId}`;
    judging.set(at, (judging.get(at) ?? new Set()).add(v.sender));
  }
  const made: OperatorPlan = {
    budget,
    plan,
    share: (op, sender, axis) => {
      const found = shares.get(key(op, sender, axis));
      if (!found) return { planned: 0, rotation: 0 };
      // A list the plan keeps whole is sent whole: the run's real one may be longer (more files seen, more URLs).
      return { planned: found.planned >= found.generated ? Number.MAX_SAFE_INTEGER : found.planned, rotation: found.rotation };
    },
    sendersFor: (rule, operationId) => SENDERS.filter((sender) => judging.get(`${rule}|${operationId}`)?.has(sender)),
  };
  plans.set(id, made);
  return made;
}
