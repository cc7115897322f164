// Playwright fixtures of the suite (test.extend): a worker-scoped pool with,
// per target, an API client whose requests never reach a reporter unredacted,
// the target's plan and shared test files, and the worker's disposable files,
// cleaned up when the worker ends.
import { test as base } from '@playwright/test';
import { loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { ApiClient, type Exchange } from '../http/api-client.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import { appendLedger } from '../ledger/ledger.ts';
import type { CheckRun } from '../plan/check-types.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';
import { circuitBreaker } from './circuit-breaker.ts';
import { createWorkerFiles, requireHarnessKey, type WorkerFiles } from './disposable-files.ts';
import { readFixtures, runFiles } from './run-files.ts';
import { targetPlan, type TargetPlan } from './run-plan.ts';
import { keySafeTransport } from './step-transport.ts';

export interface SuiteWorker {
  run: TargetPlan;
  api: ApiClient;
  files: WorkerFiles;
  fixtures(): SharedFixtures;
  /** The CheckRun of one planned check. */
  context(keys: Record<string, string[]>): CheckRun;
  /** Why the target's run stopped (preflight, set-up, circuit breaker), or undefined. */
  stopped(): string | undefined;
  /** Closes the target's connections. */
  close(): Promise<void>;
}

/** The worker's suites, one per target, made when a test of that target first needs it. */
export interface SuitePool {
  of(target: number): SuiteWorker;
}

/** Records resources a POST created (automations, suggestions) in the ledger, to report what stays. */
function ledgerObserver(ledger: string): (ex: Exchange) => void {
  return (ex) => {
    const body = ex.json as { id?: unknown; uploadId?: unknown } | undefined;
    if (ex.request.method === 'POST' && ex.status === 201 && typeof body?.id === 'string' && body.uploadId === undefined) {
      appendLedger(ledger, { kind: 'created', id: body.id, by: `POST ${new URL(ex.request.url).pathname}` });
    }
  };
}

function createSuite(run: TargetPlan, workerIndex: number): SuiteWorker {
  const { settings } = run;
  const breaker = circuitBreaker(settings.runDir);
  const wire = createTransport({ baseUrl: settings.baseUrl, timeoutMs: settings.requestTimeoutMs });
  const transport = keySafeTransport(wire, { redact: run.redact, breaker });
  const keys = new Map(settings.keys.map((k, i) => [k.name, run.secrets[i]]));
  const api = new ApiClient({
    transport,
    baseUrl: settings.baseUrl,
    runId: settings.runId,
    keys,
    redact: run.redact,
    observer: ledgerObserver(runFiles(settings.runDir).ledger),
  });
  let counter = 0;
  const tag = settings.runId.slice(-6).toLowerCase();
  const unique = () => `${tag}w${workerIndex}n${++counter}`;
  const files = createWorkerFiles(api, settings, workerIndex, unique);
  let shared: SharedFixtures | undefined;
  const fixtures = () => (shared ??= readFixtures(settings.runDir));
  return {
    run,
    api,
    files,
    fixtures,
    stopped: () => breaker.stopped(),
    close: () => transport.close(),
    context: (chosen) => ({
      api,
      settings,
      keys: chosen,
      fixtures: fixtures(),
      files,
      // Compiled on first use: a worker whose checks validate no body never pays for it.
      get validator() {
        return loadSchemaValidator();
      },
      unique,
      harnessKey: (scopes, bucket) => requireHarnessKey(settings, scopes, bucket),
    }),
  };
}

export const test = base.extend<object, { suites: SuitePool }>({
  suites: [
    async ({}, use, workerInfo) => {
      const suites = new Map<number, SuiteWorker>();
      await use({
        of(index) {
          let suite = suites.get(index);
          if (!suite) suites.set(index, (suite = createSuite(targetPlan(index), workerInfo.workerIndex)));
          return suite;
        },
      });
      for (const suite of suites.values()) {
        // A stopped run sends nothing more; the teardown reports what stays for --cleanup.
        if (suite.stopped()) continue;
        const report = await suite.files.cleanup().catch((error: Error) => ({ problems: [error.message] }));
        // A cleanup problem is not a conformance failure: it goes to the run's final cleanup report.
        for (const problem of report.problems) console.warn(suite.run.redact(`cleanup: ${problem}`));
      }
      for (const suite of suites.values()) await suite.close();
    },
    { scope: 'worker' },
  ],
});
