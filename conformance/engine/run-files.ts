// Where a run keeps its working files: the settings, the ledger, the record
// of outcomes (run-record.ts), every process's exchanges and listing shapes,
// why the run stopped and what its end found. None of them holds a key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSettings } from '../config/config-types.ts';
import type { CleanupReport } from '../ledger/cleanup.ts';
import type { Summary } from '../report/summary.ts';

/** One deployment a run checks: a normal run has one, the self-test one per trial. */
export interface RunTarget {
  /** The run's name in the self-test's tables (a trial's). */
  name: string;
  runDir: string;
  /** Where this target's summary.json, summary.md and junit.xml go. */
  reportDir: string;
}

/** Why a target's run stopped before or during its checks (preflight, the circuit breaker). */
export interface RunStop {
  /** 2: the run could not complete; 3: the base URL or the keys are wrong. */
  exitCode: 2 | 3;
  reason: string;
}

export const runFiles = (runDir: string) => ({
  settings: join(runDir, 'settings.json'),
  ledger: join(runDir, 'ledger.jsonl'),
  /** What each process learned of the listings' shapes (one JSON file per process). */
  shapes: join(runDir, 'shapes'),
  /** Why the run cannot check the deployment at all, when the preflight says so (every check reports it). */
  stop: join(runDir, 'stop.json'),
  /** What the run's end found: cleanup, counts, the routes not served, why it stopped. */
  end: join(runDir, 'end.json'),
  /** One file of exchanges per process of the run (JSON lines, keys redacted). */
  exchanges: join(runDir, 'exchanges'),
});

/** Writes a JSON file of the run. */
export function writeRunFile(path: string, value: unknown): void {
  writeFileSync(path, JSON.stringify(value, null, 2));
}

/** Reads a JSON file of the run, or undefined when there is none. */
export function readRunFile<T>(path: string): T | undefined {
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

export function writeSettings(settings: RunSettings): void {
  mkdirSync(settings.runDir, { recursive: true });
  writeFileSync(runFiles(settings.runDir).settings, JSON.stringify(settings, null, 2));
}

export function readSettings(runDir: string): RunSettings {
  return JSON.parse(readFileSync(runFiles(runDir).settings, 'utf8')) as RunSettings;
}

/** What the end of a run found, for its summary: the cleanup, why it stopped, each route's proof, what was sent, the time. */
export interface RunEnd {
  cleanup?: CleanupReport;
  /** Why the run stopped mid-way (the deployment stopped answering, or the run made no progress). */
  stopped?: string;
  /** What the served proof of each route the run proved showed. */
  routeProofs: NonNullable<Summary['routeProofs']>;
  /** What the run's clients sent and met, over every process (board counts). */
  counts: Record<string, number>;
  durationMs: number;
}
