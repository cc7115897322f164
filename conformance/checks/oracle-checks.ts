// The rules judged over variants of every route's valid call, one check per
// rule and route: ORACLE-scope-listFiles sends GET .../files in every form a
// key lacking files:read could try (another spelling of the path, HEAD, a
// method override, an odd Authorization header) and fails when any of them is
// served. Every test's own exchanges are judged by the same rules as it ends;
// these checks add the requests no other check sends. A route no variant
// could reach (no key fits, a --read-only run) is "not proven", said so.
import type { Route } from '../../openapi/contract/route-table.ts';
import { currentAttribution } from '../run/attribution.ts';
import { judgeExchanges, type Finding } from '../oracles/judge.ts';
import { RULE_OF_SENDER, type Rule } from '../operators/operator-types.ts';
import { sendOperatorTraffic, type OperatorTraffic } from '../traffic/operator-traffic.ts';
import { axisCount, planCounts } from '../operators/axis-counts.ts';
import { operatorPlan } from '../traffic/operator-plan.ts';
import { ORACLE_RULES, type OracleRule } from '../oracles/oracle-rules.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { pickKeys } from '../plan/key-picker.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { trafficOf, trafficTasks } from '../traffic/all-traffic.ts';
import { discoverOtherBucket } from '../traffic/discover-other.ts';
import type { TrafficTask } from '../traffic/traffic-types.ts';
import { CheckFailure, describeResponse } from '../client/assert.ts';
import { setupFindings } from '../client/judged-setup.ts';
import { SETUP_PARTS } from '../plan/fixture-types.ts';
import { NotProven } from '../plan/no-verdict.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';

/** Sends one task with the keys it needs; says why it was not sent, when it was not. */
async function sendTask(ctx: CheckRun, task: TrafficTask): Promise<string | undefined> {
  const { settings } = ctx;
  const keys = Object.fromEntries(Object.entries(task.keys).map(([role, need]) => [role, pickKeys(settings.keys, need, settings.buckets)]));
  if (Object.values(keys).some((chosen) => chosen.length === 0)) return `${task.name}: no configured key fits`;
  if (task.writes && settings.readOnly) return `${task.name}: it writes, and the run is --read-only`;
  const fixtures = task.needs ? (canCreateFixtures(settings) ? await ctx.session.parts.fixtures(task.needs) : undefined) : ctx.fixtures;
  if (!fixtures) return `${task.name}: it needs test files, which this run cannot make`;
  try {
    await task.run({ ...ctx, keys, fixtures });
  } catch (error) {
    // A task that could not send (no key of the kind it needs among several, a set-up it rests on failed) proves nothing.
    return `${task.name}: ${ctx.api.redact((error as Error).message)}`;
  }
  return undefined;
}

function oracleCheck(rule: OracleRule, route: Route, tasks: TrafficTask[], g: GeneratorContext): CheckDef {
  return {
    id: checkIds.oracle(rule.slug, route.operationId),
    title: `${routeLabel(route)}: no variant of a valid call ${rule.sentence(route, g.overrides)}`,
    area: rule.area,
    level: rule.level(route),
    route: routeLabel(route),
    operationId: route.operationId,
    judgedBy: [rule.slug],
    keys: {},
    writes: false,
    fixtures: false,
    // A key that may call the route sends its variants too (a lenient server serves them): bucket-wide state stays one writer's at a time.
    exclusive: scenarioNeeds(route).exclusive,
    async run(ctx) {
      if (rule.slug === 'bucket-limits') await discoverOtherBucket(ctx.session);
      const [fromTasks, operators] = await Promise.all([
        Promise.all(tasks.map((task) => sendTask(ctx, task))),
        isOperatorRule(rule.slug) ? sendOperatorTraffic(ctx, rule.slug, route) : undefined,
      ]);
      const notSent = [...fromTasks.filter((why): why is string => why !== undefined), ...(operators?.notSent ?? [])];
      const own = currentAttribution()?.exchanges ?? [];
      const context = await ctx.session.judgeContext();
      const judgedOwn = judgeExchanges(own, context, rule.level(route), ctx.api.redact, [rule]);
      const fromSetup = await setupFindingsOf(ctx, rule.slug, route.operationId);
      if (operators) await tallyAxes(ctx, operators, judgedOwn.findings);
      const compared = (operators?.findings ?? []).map((f) => ({ ...f, sentBy: `a ${f.axis} variant` }));
      const findings = [...judgedOwn.findings, ...fromSetup, ...compared];
      const judged = judgedOwn.judged + fromSetup.length + compared.length;
      if (judged === 0)
        throw new NotProven(
          `no variant reached ${routeLabel(route)} in a way that could show this rule broken${notSent.length ? ` (${notSent.join('; ')})` : ''}`,
        );
      if (findings.length === 0) return `judged ${judged} exchange(s)${notSent.length ? `; not sent: ${notSent.join('; ')}` : ''}`;
      const [first] = findings;
      const variant =
        'view' in first ? (first.view.entry.intent?.variant ? ` (${first.view.entry.intent.variant})` : '') : ` (sent by ${first.sentBy})`;
      throw new CheckFailure(
        `no variant that ${rule.sentence(route, g.overrides)}`,
        `${findings.length} of ${judged} exchange(s) did; the first${variant}: ${first.what}; ${describeResponse(first.exchange)}`,
        first.exchange,
      );
    },
  };
}

/** The rules operator variants are judged by (a sender's rule). */
const isOperatorRule = (slug: string): slug is Rule => (Object.values(RULE_OF_SENDER) as string[]).includes(slug);

/** Adds what each axis sent and found to the run's counts (summed over every process for the reports). */
async function tallyAxes(ctx: CheckRun, traffic: OperatorTraffic, findings: Finding[]): Promise<void> {
  const { plan, budget } = operatorPlan(ctx.settings);
  const counts: Record<string, number> = planCounts(plan, budget);
  for (const [axis, n] of traffic.sent) counts[axisCount('sent', axis)] = n;
  const found = [...findings.map((f) => f.view.entry.intent?.axis), ...traffic.findings.map((f) => f.axis)];
  for (const axis of found) if (axis) counts[axisCount('found', axis)] = (counts[axisCount('found', axis)] ?? 0) + 1;
  await ctx.session.board.count(counts).catch(() => undefined);
}

/** What the run's set-up sent on the route that broke the rule, once every set-up part the run may make is made. */
async function setupFindingsOf(ctx: CheckRun, rule: string, operationId: string) {
  // Forced here so that the verdict does not depend on which check made a part first, or whether one did.
  if (canCreateFixtures(ctx.settings)) await ctx.session.parts.fixtures(SETUP_PARTS).catch(() => undefined);
  return setupFindings(ctx.session, rule, operationId);
}

/** One oracle check per rule and route it applies to. */
export function oracleChecks(g: GeneratorContext): CheckDef[] {
  const tasks = trafficTasks(g);
  return ORACLE_RULES.flatMap((rule) =>
    g.routes
      .filter((route) => rule.appliesTo(route))
      .map((route) => oracleCheck(rule, route, trafficOf(tasks, rule.slug, route.operationId), g)),
  );
}
