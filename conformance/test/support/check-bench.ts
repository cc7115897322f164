// Runs conformance checks in-process (no Playwright runner) against the mock
// behind a loopback proxy, so a test can show a check passing on a correct or
// differently-choosing server and failing on one that breaks a rule.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRouteTable } from '../../../openapi/contract/load-spec.ts';
import { listScopes } from '../../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../../openapi/contract/load-spec.ts';
import { startMockServer, type MockServer } from '../../../mocks/http/start-mock-server.ts';
import { embeddedKeyPlan } from '../../embedded/embedded-keys.ts';
import type { Overrides, ResolvedKey, RunSettings } from '../../config/config-types.ts';
import { generateChecks } from '../../checks/all-checks.ts';
import { planChecks } from '../../plan/planner.ts';
import type { CheckDef } from '../../plan/check-types.ts';
import { makeClient } from '../../engine/make-client.ts';
import { ledgerRunEntry, runChecks } from '../../engine/run-target.ts';
import { RunSession } from '../../engine/run-session.ts';
import { ExchangeLog } from '../../engine/session-api.ts';
import { LocalBoard } from '../../run/local-board.ts';
import { viewOf, type ExchangeView } from '../../oracles/exchange-view.ts';
import type { CheckResult } from '../../report/outcome.ts';
import { startLoopbackProxy, type LoopbackProxy, type Rule } from './loopback-proxy.ts';

export type Outcome =
  { status: 'pass'; note?: string } | { status: 'fail' | 'error' | 'skip' | 'unserved' | 'unbuilt'; message: string; curl?: string };

/** A check's result as a bench outcome. */
export function outcomeOf(r: CheckResult): Outcome {
  if (r.status === 'pass') return { status: 'pass', ...(r.reason ? { note: r.reason } : {}) };
  if (r.status === 'fail')
    return {
      status: 'fail',
      message: `expected ${r.failure?.expected}; got ${r.failure?.actual}`,
      ...(r.failure?.curl ? { curl: r.failure.curl } : {}),
    };
  if (r.status === 'skip' || r.status === 'disabled') return { status: 'skip', message: r.reason ?? r.status };
  return { status: r.status, message: r.reason ?? r.status };
}

/** A key to mint: what the mock grants, and (when different) what the config declares. */
export interface BenchKey {
  name: string;
  scopes: string[];
  bucketIds: string[] | null | 'allowed';
  declared?: string[];
}

export interface Bench {
  mock: MockServer;
  proxy: LoopbackProxy;
  settings: RunSettings;
  /** The token of a key, for rules that act as a leaking server would. */
  token(name: string): string;
  /** Every exchange the bench's runs sent, as the rules read them. */
  views(): ExchangeView[];
  /** Runs checks by id (or every planned check a filter keeps) with the given overrides and level. */
  run(
    select: string[] | ((def: CheckDef) => boolean),
    options?: { overrides?: Overrides; readOnly?: boolean },
  ): Promise<Record<string, Outcome>>;
  close(): Promise<void>;
}

/** Starts the mock, the proxy, mints the embedded run's keys (plus `extra`) and prepares the shared test files. */
export async function startBench(extra: BenchKey[] = []): Promise<Bench> {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0 });
  const proxy = await startLoopbackProxy(mock.origin);
  const info = (await (await fetch(`${mock.origin}/__mock/info`)).json()) as { workspaces: { id: string; buckets: string[] }[] };
  const ws = info.workspaces.find((w) => w.buckets.length >= 2)!;
  const [allowed, other] = ws.buckets;
  const scopes = listScopes(loadBundledSpec()).map((s) => s.scope);
  const plan: BenchKey[] = [...embeddedKeyPlan(scopes, allowed), ...extra];
  const tokens = new Map<string, string>();
  const keys: ResolvedKey[] = [];
  for (const k of plan) {
    const bucketIds = k.bucketIds === 'allowed' ? [allowed] : k.bucketIds;
    const res = await fetch(`${mock.origin}/__mock/keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scopes: k.scopes, bucketIds }),
    });
    tokens.set(k.name, ((await res.json()) as { token: string }).token);
    keys.push({
      name: k.name,
      env: `BUCKETKIT_KEY_${k.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`,
      scopes: k.declared ?? k.scopes,
      bucketIds,
    });
  }
  const runId = `bench${Date.now().toString(36)}`;
  const settings: RunSettings = {
    runId,
    runPrefix: `bucketkit-conformance/${runId}/`,
    baseUrl: `${proxy.origin}/api/v1`,
    workspaceId: ws.id,
    buckets: { allowed, other },
    keys,
    overrides: {},
    level: 'profile',
    readOnly: false,
    runDir: mkdtempSync(join(tmpdir(), 'bk-bench-')),
    requestTimeoutMs: 15_000,
    concurrency: 8,
    keepForRepro: false,
  };
  const secrets = keys.map((k) => ({ env: k.env, token: tokens.get(k.name)! }));
  const client = makeClient(settings, secrets);
  // One board for every run of the bench: its test files and proofs are made once, as in one run.
  const board = new LocalBoard({ concurrency: settings.concurrency });
  const log = new ExchangeLog();
  let runs = 0;
  ledgerRunEntry(settings);
  const routes = loadRouteTable();

  return {
    mock,
    proxy,
    settings,
    views: () => log.entries.flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []),
    token: (name) => tokens.get(name)!,
    async run(select, options = {}) {
      const runSettings = { ...settings, overrides: options.overrides ?? {}, readOnly: options.readOnly ?? false };
      const planned = planChecks(generateChecks(routes, keys, runSettings.overrides), runSettings).filter((p) =>
        typeof select === 'function' ? select(p.def) : select.includes(p.def.id),
      );
      // Each run names its files apart from the earlier ones' (a process tag of its own), as the processes of one run do.
      const results = await runChecks(new RunSession(client.api, runSettings, board, `r${++runs}`, log), planned);
      const outcomes: Record<string, Outcome> = Object.fromEntries(results.map((r) => [r.id, outcomeOf(r)]));
      if (Array.isArray(select)) for (const id of select) outcomes[id] ??= { status: 'error', message: 'no such check was planned' };
      return outcomes;
    },
    async close() {
      await client.close();
      await proxy.close();
      await mock.close();
    },
  };
}

/** Plants these faults in the bench's mock (an empty list clears them); fails when the mock refuses. */
export async function plantFaults(bench: Bench, faults: readonly string[]): Promise<void> {
  const res = await fetch(`${bench.mock.origin}/__mock/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ faults }),
  });
  if (res.status !== 200) throw new Error(`planting ${faults.join(', ')} answered ${res.status}: ${await res.text()}`);
}

/** Plants faults in the bench's mock for the duration of `body`. */
export async function withFaults<T>(bench: Bench, faults: readonly string[], body: () => Promise<T>): Promise<T> {
  await plantFaults(bench, faults);
  try {
    return await body();
  } finally {
    await plantFaults(bench, []);
  }
}

/** Swaps the proxy's behaviour for the duration of `body`. */
export async function withRule<T>(bench: Bench, rule: Rule, body: () => Promise<T>): Promise<T> {
  bench.proxy.use(rule);
  try {
    return await body();
  } finally {
    bench.proxy.use((request, forward) => forward(request));
  }
}

/** The ids of outcomes that are not a pass, with their message (for readable assertion failures). */
export function notPassed(outcomes: Record<string, Outcome>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(outcomes).flatMap(([id, o]) => (o.status === 'pass' ? [] : [[id, `${o.status}: ${o.message}`]])),
  );
}
