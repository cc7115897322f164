// The rules judged over every exchange of the run (set-up, checks, read-backs,
// traffic, cleanup), one check per rule and route: ORACLE-scope-listFiles fails
// when any request of the run that reached GET .../files with a key lacking
// files:read was served, whichever check sent it. Each runs after every other
// check, and a route no relevant exchange reached is "not proven", said so.
import type { Route } from '../../openapi/contract/route-table.ts';
import { SHOWN_LIMIT, type Exchange } from '../http/api-client.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { ORACLE_RULES, type OracleRule } from '../oracles/oracle-rules.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { CheckFailure, describeResponse } from './assert.ts';
import { routeTitle, type GeneratorContext } from './generator-context.ts';

/** A rule that no exchange of the run could show broken or kept on a route: the check judges nothing. */
export class NotProven extends Error {}

/** The exchange as a check failure shows it (its curl line comes from the request as sent). */
function asExchange(view: ExchangeView, redact: (text: string) => string): Exchange {
  const { entry } = view;
  let json: unknown;
  try {
    json = entry.text ? JSON.parse(entry.text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    request: entry.sent,
    status: entry.status,
    headers: entry.headers,
    text: entry.text,
    shownText: redact(entry.text.slice(0, SHOWN_LIMIT)),
    body: Buffer.from(entry.text),
    json,
  } as Exchange;
}

function oracleCheck(rule: OracleRule, route: Route, g: GeneratorContext): CheckDef {
  return {
    id: `ORACLE-${rule.slug}-${route.operationId}`,
    title: `${routeTitle(route)}: no exchange of the run ${rule.sentence(route, g.overrides)}`,
    area: rule.area,
    level: rule.level(route),
    route: routeTitle(route),
    keys: {},
    writes: false,
    fixtures: false,
    judgesTraffic: true,
    async run(ctx) {
      const judge = ctx.judge;
      if (!judge) throw new Error('no exchange log to judge (the engine runs oracle checks last)');
      const views = judge.views().filter((v) => v.operations.includes(route.operationId) && rule.relevant(v, route, judge.context));
      if (views.length === 0)
        throw new NotProven(`no exchange of the run reached ${routeTitle(route)} in a way that could show this rule broken`);
      const broken = views.flatMap((v) => {
        const what = rule.broken(v, route, judge.context);
        return what ? [{ v, what }] : [];
      });
      if (broken.length === 0) return `judged ${views.length} exchange(s)`;
      const [{ v, what }] = broken;
      const ex = asExchange(v, ctx.api.redact);
      const variant = v.entry.intent?.variant ? ` (${v.entry.intent.variant})` : '';
      throw new CheckFailure(
        `no exchange that ${rule.sentence(route, g.overrides)}`,
        `${broken.length} of ${views.length} exchange(s) did; the first, sent by ${v.entry.owner}${variant}: ${what}; ${describeResponse(ex)}`,
        ex,
      );
    },
  };
}

/** One oracle check per rule and route it applies to. */
export function oracleChecks(g: GeneratorContext): CheckDef[] {
  return ORACLE_RULES.flatMap((rule) => g.routes.filter((route) => rule.appliesTo(route)).map((route) => oracleCheck(rule, route, g)));
}
