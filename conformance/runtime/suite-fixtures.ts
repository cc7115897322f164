// Playwright fixtures of the suite (test.extend): a worker-scoped API client
// over APIRequestContext, the run's plan and shared test files, and the
// worker's disposable files, cleaned up when the worker ends.
import { test as base } from '@playwright/test';
import { loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { ApiClient, type Exchange } from '../http/api-client.ts';
import { appendLedger } from '../ledger/ledger.ts';
import type { CheckRun } from '../plan/check-types.ts';
import { currentRun, type RunPlan } from './run-plan.ts';
import { readFixtures, runFiles } from './run-files.ts';
import { createWorkerFiles, requireHarnessKey, type WorkerFiles } from './disposable-files.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';

export interface SuiteWorker {
  run: RunPlan;
  api: ApiClient;
  files: WorkerFiles;
  fixtures(): SharedFixtures;
  /** The CheckRun of one planned check. */
  context(keys: Record<string, string[]>): CheckRun;
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

export const test = base.extend<object, { suite: SuiteWorker }>({
  suite: [
    async ({ playwright }, use, workerInfo) => {
      const run = currentRun();
      const { settings } = run;
      const context = await playwright.request.newContext({ baseURL: settings.baseUrl });
      const keys = new Map(settings.keys.map((k, i) => [k.name, run.secrets[i]]));
      const api = new ApiClient(
        context,
        settings.baseUrl,
        settings.runId,
        keys,
        run.redact,
        settings.requestTimeoutMs,
        ledgerObserver(runFiles(settings.runDir).ledger),
      );
      let counter = 0;
      const tag = settings.runId.slice(-6).toLowerCase();
      const unique = () => `${tag}w${workerInfo.workerIndex}n${++counter}`;
      const files = createWorkerFiles(api, settings, workerInfo.workerIndex, unique);
      let shared: SharedFixtures | undefined;
      const validator = loadSchemaValidator();
      await use({
        run,
        api,
        files,
        fixtures: () => (shared ??= readFixtures(settings.runDir)),
        context: (chosen) => ({
          api,
          settings,
          keys: chosen,
          fixtures: (shared ??= readFixtures(settings.runDir)),
          files,
          validator,
          unique,
          harnessKey: (scopes, bucket) => requireHarnessKey(settings, scopes, bucket),
        }),
      });
      const report = await files.cleanup().catch((error: Error) => ({ problems: [error.message] }));
      // A cleanup problem is not a conformance failure: it goes to the run's final cleanup report.
      for (const problem of report.problems) console.warn(run.redact(`cleanup: ${problem}`));
      await context.dispose();
    },
    { scope: 'worker' },
  ],
});
