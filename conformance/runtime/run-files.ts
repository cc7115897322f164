// Where a run keeps its working files (settings, fixtures, ledger, check
// records) inside the report directory, and how they are read and written.
import { mkdirSync, readFileSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSettings } from '../config/config-types.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';

/** The env var that points Playwright's processes at the run directory. */
export const RUN_DIR_ENV = 'BUCKETKIT_RUN_DIR';

export const runFiles = (runDir: string) => ({
  settings: join(runDir, 'settings.json'),
  fixtures: join(runDir, 'fixtures.json'),
  ledger: join(runDir, 'ledger.jsonl'),
  records: join(runDir, 'records'),
});

/** One check's outcome as the test wrote it. */
export interface CheckRecord {
  id: string;
  status: 'pass' | 'fail' | 'skip' | 'disabled' | 'error';
  reason?: string;
  failure?: { expected: string; actual: string; curl?: string };
  durationMs?: number;
}

export function writeSettings(settings: RunSettings): void {
  mkdirSync(runFiles(settings.runDir).records, { recursive: true });
  writeFileSync(runFiles(settings.runDir).settings, JSON.stringify(settings, null, 2));
}

/** The run's settings, from the run directory named by BUCKETKIT_RUN_DIR. */
export function readSettings(runDir = process.env[RUN_DIR_ENV]): RunSettings {
  if (!runDir)
    throw new Error(`${RUN_DIR_ENV} is not set: start the suite with "npx bucketkit conformance", not with playwright directly.`);
  return JSON.parse(readFileSync(runFiles(runDir).settings, 'utf8')) as RunSettings;
}

export function writeFixtures(runDir: string, fixtures: SharedFixtures): void {
  writeFileSync(runFiles(runDir).fixtures, JSON.stringify(fixtures, null, 2));
}

export function readFixtures(runDir: string): SharedFixtures {
  const path = runFiles(runDir).fixtures;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SharedFixtures) : { ready: false };
}

export function writeRecord(runDir: string, record: CheckRecord): void {
  writeFileSync(join(runFiles(runDir).records, `${record.id}.json`), JSON.stringify(record));
}

/** Every check record of the run, by requirement id. */
export function readRecords(runDir: string): Map<string, CheckRecord> {
  const dir = runFiles(runDir).records;
  const out = new Map<string, CheckRecord>();
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    const record = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CheckRecord;
    out.set(record.id, record);
  }
  return out;
}
