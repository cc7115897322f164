// The set-up's requests are judged too. What a run sends outside any check
// (its shared test files, what it reads of the other bucket) is judged by every
// rule as each set-up step ends; what broke a rule is kept on the run board,
// where the oracle check of that rule and route finds it and fails. A seed
// rule broken by the set-up is a failure, not only checks left "not run".
import type { Exchange } from '../http/api-client.ts';
import { judgeExchanges } from '../oracles/judge.ts';
import type { CheckSession } from '../plan/check-run.ts';
import { attributed, attributionOf, type Attribution } from '../run/attribution.ts';
import { once } from '../run/run-board.ts';
import { exchangeOf, shareExchange, type SharedExchange } from '../run/shared-exchange.ts';

/** An exchange of the set-up that broke a rule, as it crosses processes (redacted, its curl line built). */
export interface SetupFinding {
  rule: string;
  operationId: string;
  what: string;
  /** The set-up step that sent it. */
  sentBy: string;
  shown: SharedExchange;
}

const PREFIX = 'setup-findings:';
let steps = 0;

/** Judges a set-up step's exchanges by every rule at the run's level and keeps what broke one on the run board. */
export async function recordSetupFindings(session: CheckSession, attribution: Attribution): Promise<void> {
  if (attribution.exchanges.length === 0) return;
  const context = await session.judgeContext();
  const { findings } = judgeExchanges(attribution.exchanges, context, session.settings.level, session.api.redact);
  if (findings.length === 0) return;
  const kept: SetupFinding[] = findings.map((f) => ({
    rule: f.rule,
    operationId: f.route.operationId,
    what: session.api.redact(f.what),
    sentBy: attribution.owner,
    shown: shareExchange(f.exchange, session.api),
  }));
  // Each process numbers its own steps; the process id keeps two workers' entries apart.
  await once(session.board, `${PREFIX}${process.pid}:${++steps}`, async () => kept);
}

/** What the set-up sent on this route that broke this rule, over every process of the run so far. */
export async function setupFindings(
  session: CheckSession,
  rule: string,
  operationId: string,
): Promise<(SetupFinding & { exchange: Exchange })[]> {
  const made = await session.board.made(PREFIX);
  return Object.values(made)
    .flatMap((settled) => ('value' in settled ? (settled.value as SetupFinding[]) : []))
    .filter((f) => f.rule === rule && f.operationId === operationId)
    .map((f) => ({ ...f, exchange: exchangeOf(f.shown) }));
}

/** Runs a set-up step attributed to itself, then judges what it sent (whether it worked or not). */
export async function judgedSetupStep<T>(session: CheckSession, owner: string, step: () => Promise<T>): Promise<T> {
  const attribution = attributionOf(owner, 'setup');
  try {
    return await attributed(attribution, step);
  } finally {
    await recordSetupFindings(session, attribution).catch(() => undefined);
  }
}
