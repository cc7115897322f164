// A failing check's reproduction command must still work after the run: the
// run's test files that its request names are marked in the ledger, so the
// run's own cleanup leaves them (and `--cleanup LEDGER` removes them later).
import { existsSync } from 'node:fs';
import type { CurlRequest } from '../http/curl.ts';
import { appendLedger, readLedger } from '../ledger/ledger.ts';
import { runFiles } from './run-files.ts';

/** Marks the run's files named by the request's URL or body as kept for the check; returns their ids. */
export function keepFilesForRepro(runDir: string, check: string, request: CurlRequest): string[] {
  const ledger = runFiles(runDir).ledger;
  // Called while a failure is being recorded: a ledger problem must not hide the failure.
  if (!existsSync(ledger)) return [];
  try {
    const text = `${request.url}\n${request.body ?? ''}`;
    const ids = new Set<string>();
    for (const entry of readLedger(ledger)) if (entry.kind === 'file' && entry.id && text.includes(entry.id)) ids.add(entry.id);
    for (const id of ids) appendLedger(ledger, { kind: 'kept', id, check });
    return [...ids];
  } catch {
    return [];
  }
}
