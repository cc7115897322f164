// Sends the operator variants an ORACLE-<rule>-<op> check owns: for each
// sender of the route with variants that rule judges (the plan says which:
// its own sender; for auth also the altered keys of the key that may; for a
// hierarchy the key that may), the catalogue's variants of the route's real
// valid call, its essential ones all and the others cut to the run's plan
// (operator-plan.ts), each logged with what a conforming server may answer
// it. A listing variant is read every page; a variant carrying the URL as
// granted (a presigned URL outside the API) is compared here; one following
// other requests (`before`: the same request by a key that may) goes right
// after them.
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import { variantsOf, keep, variantWrites } from '../operators/plan-variants.ts';
import type { Axis, Rule, Sender, Variant } from '../operators/operator-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { operatorPlan } from './operator-plan.ts';
import { operatorInput } from './operator-inputs.ts';
import { runSeen } from './operator-seen.ts';
import { readPages } from '../client/read-back.ts';
import { effectsBaseline } from './effects-baseline.ts';

/** What a check's variants did: how many each axis sent, why a sender sent none, and what a compared URL showed. */
export interface OperatorTraffic {
  sent: Map<Axis, number>;
  notSent: string[];
  /** Presigned-URL variants served with other content than the URL as granted (no rule over the API reads them). */
  findings: { axis: Axis; what: string; exchange: Exchange }[];
}

/** The planned variants of one sender on the route that the rule judges. */
async function plannedVariants(ctx: CheckRun, rule: Rule, route: Route, sender: Sender): Promise<Variant[] | string> {
  // Every variant of a writing route writes: a --read-only run sends none (nor makes their valid calls).
  if (ctx.settings.readOnly && route.mutates) return [];
  const seen = await runSeen(ctx);
  const input = await operatorInput(ctx, route, sender, seen);
  if (typeof input === 'string') return input;
  const plan = operatorPlan(ctx.settings);
  return [...variantsOf(input)].flatMap(([axis, list]) => {
    const sendable = ctx.settings.readOnly ? list.filter((v) => !variantWrites(v, input)) : list;
    const { planned, rotation } = plan.share(route.operationId, sender, axis);
    return keep(sendable, planned, rotation).filter((v) => v.rule === rule);
  });
}

/** Sends one variant as logged traffic; a variant with a canonical request is compared with its answer. */
async function sendVariant(ctx: CheckRun, v: Variant, traffic: OperatorTraffic): Promise<void> {
  const request = { ...v.request, intent: { ...v.request.intent, conforming: v.conforming }, ...(v.rawPath ? { rawPath: true } : {}) };
  // The requests the variant must follow closely (state between requests), each judged as its own intent says.
  for (const earlier of v.before ?? []) await ctx.api.send(earlier).catch(() => undefined);
  // A listing read page by page, as its paging gives them: every page is judged (a page not served ends the read).
  if (v.pages) {
    const read = await readPages(ctx.api, request, { verify: () => undefined }).catch(() => undefined);
    if (read) traffic.sent.set(v.axis, (traffic.sent.get(v.axis) ?? 0) + 1);
    return;
  }
  // A request the transport could not send (a header value it refuses) or that got no answer proves nothing either way.
  const answer = await ctx.api.send(request).catch(() => undefined);
  if (!answer) return;
  traffic.sent.set(v.axis, (traffic.sent.get(v.axis) ?? 0) + 1);
  if (!v.canonical || !isSuccess(answer.status)) return;
  const granted = await ctx.api.send(v.canonical).catch(() => undefined);
  if (granted && granted.text !== answer.text)
    traffic.findings.push({
      axis: v.axis,
      what: `${answer.status} for ${v.name}, with other content than the URL as granted`,
      exchange: answer,
    });
}

/** Sends the route's planned variants the rule judges, each sender's in order, the senders side by side. */
export async function sendOperatorTraffic(ctx: CheckRun, rule: Rule, route: Route): Promise<OperatorTraffic> {
  const traffic: OperatorTraffic = { sent: new Map(), notSent: [], findings: [] };
  // The other bucket's state before any variant: the effects watch compares the run's end with it.
  await effectsBaseline(ctx).catch(() => undefined);
  await Promise.all(
    operatorPlan(ctx.settings)
      .sendersFor(rule, route.operationId)
      .map(async (sender) => {
        const variants = await plannedVariants(ctx, rule, route, sender);
        if (typeof variants === 'string') return traffic.notSent.push(`operator variants: ${variants}`);
        for (const v of variants) await sendVariant(ctx, v, traffic);
      }),
  );
  return traffic;
}
