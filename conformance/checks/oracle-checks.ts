// The rules judged over variants of every route's valid call, one check per
// rule and route: ORACLE-scope-listFiles sends GET .../files in every form a
// key lacking files:read could try (the operator catalogue's variants: another
// spelling of the path, HEAD, a method override, an odd Authorization header,
// ...) and fails when any of them is served. Every test's own exchanges are
// judged by the same rules as it ends; these checks add the requests no other
// check sends. A route no variant could reach (no key fits, a --read-only run)
// is "not proven", said so.
import type { Route } from '../../openapi/contract/route-table.ts';
import { currentAttribution } from '../run/attribution.ts';
import { judgeExchanges, type Finding, serverErrorOperations } from '../oracles/judge.ts';
import { sendOperatorTraffic, type OperatorTraffic } from '../traffic/operator-traffic.ts';
import { axisCount, planCounts } from '../operators/axis-counts.ts';
import { operatorPlan } from '../traffic/operator-plan.ts';
import { ORACLE_RULES, type OracleRule, type RuleSlug } from '../oracles/oracle-rules.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { discoverOtherBucket } from '../traffic/discover-other.ts';
import { CheckFailure, describeResponse } from '../client/assert.ts';
import { setupFindings } from '../client/judged-setup.ts';
import { SETUP_PARTS } from '../plan/fixture-types.ts';
import { NotProven } from '../plan/no-verdict.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { GeneratorContext } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';

function oracleCheck(rule: OracleRule & { slug: RuleSlug }, route: Route, g: GeneratorContext): CheckDef {
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
      const operators = await sendOperatorTraffic(ctx, rule.slug, route);
      const { notSent } = operators;
      const own = currentAttribution()?.exchanges ?? [];
      const context = await ctx.session.judgeContext(serverErrorOperations(own, ctx.settings.baseUrl));
      const judgedOwn = judgeExchanges(own, context, rule.level(route), ctx.api.redact, [rule]);
      const fromSetup = await setupFindingsOf(ctx, rule.slug, route.operationId);
      await tallyAxes(ctx, operators, judgedOwn.findings);
      const compared = operators.findings.map((f) => ({ ...f, sentBy: `a ${f.axis} variant` }));
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
        `${judgedOwn.broken + fromSetup.length + compared.length} of ${judged} judged exchange(s) did; the first${variant}: ${first.what}; ${describeResponse(first.exchange)}`,
        first.exchange,
      );
    },
  };
}

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
  return ORACLE_RULES.flatMap((rule) => g.routes.filter((route) => rule.appliesTo(route)).map((route) => oracleCheck(rule, route, g)));
}
