// Judges exchanges by every rule of the seed the suite knows (ORACLE_RULES):
// what each exchange shows about the routes it reached, given the key that
// sent it. A test's own exchanges are judged as it ends; an oracle check
// judges the variants it sent by its one rule.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Level } from '../config/config-types.ts';
import { resourceOf } from '../http/body-envelope.ts';
import { SHOWN_LIMIT, type Exchange } from '../http/api-client.ts';
import type { LoggedExchange } from './logged-exchange.ts';
import { viewOf, type ExchangeView } from './exchange-view.ts';
import { ORACLE_RULES, type JudgeContext, type OracleRule } from './oracle-rules.ts';

/** An exchange that broke a rule. */
export interface Finding {
  /** The rule's slug, e.g. "scope". */
  rule: string;
  route: Route;
  view: ExchangeView;
  /** What the exchange broke, one line. */
  what: string;
  /** The exchange as a check failure shows it (its curl line comes from the request as sent). */
  exchange: Exchange;
}

export interface Judged {
  findings: Finding[];
  /** Exchanges some rule could have shown broken. */
  judged: number;
  /** Exchanges with at least one finding (an exchange may break several rules, or one rule on several routes). */
  broken: number;
}

/** The exchange as a check failure shows it. */
export function exchangeOfEntry(entry: LoggedExchange, redact: (text: string) => string): Exchange {
  let json: unknown;
  try {
    json = entry.text ? JSON.parse(entry.text) : undefined;
  } catch {
    json = undefined;
  }
  const { resource, envelope } = resourceOf(json);
  return {
    request: entry.sent,
    status: entry.status,
    headers: entry.headers,
    text: entry.text,
    shownText: redact(entry.text.slice(0, SHOWN_LIMIT)),
    body: Buffer.from(entry.text),
    json: resource,
    ...(envelope ? { enveloped: json } : {}),
    attempts: 1,
    elapsedMs: 0,
  };
}

/** Whether a rule is judged for a check of this level: a core check answers only for the seed's rules. */
export function ruleCounts(rule: OracleRule, route: Route, level: Level): boolean {
  return rule.level(route) === 'core' || level === 'profile';
}

/** Judges entries by the given rules (all of them by default), each on every route its view reached. */
export function judgeExchanges(
  entries: readonly LoggedExchange[],
  context: JudgeContext,
  level: Level,
  redact: (text: string) => string,
  rules: readonly OracleRule[] = ORACLE_RULES,
): Judged {
  const byId = new Map(loadRouteTable().map((r) => [r.operationId, r]));
  const findings: Finding[] = [];
  let judged = 0;
  let broken = 0;
  for (const entry of entries) {
    const before = findings.length;
    const view = viewOf(entry, context.settings.baseUrl);
    if (!view) continue;
    let counted = false;
    for (const operationId of view.operations) {
      const route = byId.get(operationId);
      if (!route) continue;
      for (const rule of rules) {
        if (!rule.appliesTo(route) || !ruleCounts(rule, route, level) || !rule.relevant(view, route, context)) continue;
        counted = true;
        const what = rule.broken(view, route, context);
        if (what) findings.push({ rule: rule.slug, route, view, what, exchange: exchangeOfEntry(entry, redact) });
      }
    }
    if (counted) judged++;
    if (findings.length > before) broken++;
  }
  return { findings, judged, broken };
}

/** The operations of the entries answered with a server error (whose routes' served proofs the judge should know first). */
export function serverErrorOperations(entries: readonly LoggedExchange[], baseUrl: string): string[] {
  return entries.flatMap((entry) => (entry.status >= 500 ? (viewOf(entry, baseUrl)?.operations ?? []) : []));
}
