// The teardown project, per target: cleans up everything the run's ledger
// records and writes the cleanup report (a cleanup problem is never a
// conformance failure). A stopped run sends nothing: --cleanup LEDGER does it later.
import { existsSync, writeFileSync } from 'node:fs';
import { test } from '../runtime/suite-fixtures.ts';
import { cleanupLedger, type CleanupReport } from '../ledger/cleanup.ts';
import { runFiles } from '../runtime/run-files.ts';
import { allTargetPlans } from '../runtime/run-plan.ts';
import { NOTE } from '../runtime/check-annotations.ts';

for (const run of allTargetPlans()) {
  const annotation = [{ type: NOTE.teardown, description: String(run.index) }];
  const body = () =>
    test('clean up what the run created', { annotation }, async ({ suites }) => {
      const suite = suites.of(run.index);
      const { settings, redact } = suite.run;
      const files = runFiles(settings.runDir);
      // Without a ledger the set-up never ran: nothing was created.
      if (!existsSync(files.ledger)) return;
      const stopped = suite.stopped();
      const report: CleanupReport = stopped
        ? {
            removed: 0,
            restored: 0,
            kept: [],
            problems: [`not attempted, the run stopped (${stopped}); once the deployment answers, run --cleanup ${files.ledger}`],
          }
        : await cleanupLedger(
            files.ledger,
            { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => suite.api.send(r) },
            { keepForRepro: true },
          ).catch((error: Error) => ({ removed: 0, restored: 0, kept: [], problems: [redact(error.message)] }));
      writeFileSync(files.cleanup, JSON.stringify(report, null, 2));
    });
  if (allTargetPlans().length === 1) body();
  else test.describe(run.target.name, body);
}
