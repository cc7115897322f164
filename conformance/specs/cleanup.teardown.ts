// The teardown project: cleans up everything the run's ledger records and
// writes the cleanup report (a cleanup problem is never a conformance failure).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '../runtime/suite-fixtures.ts';
import { cleanupLedger } from '../ledger/cleanup.ts';
import { runFiles } from '../runtime/run-files.ts';

test('clean up what the run created', async ({ suite }) => {
  const { settings, redact } = suite.run;
  const report = await cleanupLedger(
    runFiles(settings.runDir).ledger,
    { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => suite.api.send(r) },
    { keepForRepro: true },
  ).catch((error: Error) => ({
    removed: 0,
    restored: 0,
    kept: [],
    problems: [redact(error.message)],
  }));
  writeFileSync(join(settings.runDir, 'cleanup.json'), JSON.stringify(report, null, 2));
});
