// Where a run keeps its working files: per target the settings, the ledger
// and the outcomes; and the manifest that tells the Playwright report which
// targets to show. None of them holds a key.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSettings } from '../config/config-types.ts';
import type { CheckResult } from '../report/outcome.ts';

/** The env var that points the Playwright report's processes at the run manifest. */
export const MANIFEST_ENV = 'BUCKETKIT_MANIFEST';

/** One deployment a run checks: a normal run has one, the self-test one per trial. */
export interface RunTarget {
  /** Shown as the describe block of its tests when a run has several targets. */
  name: string;
  runDir: string;
  /** Where this target's summary.json, summary.md and junit.xml go. */
  reportDir: string;
}

/** What the CLI tells Playwright's processes (config, specs, reporter) about a run; holds no token. */
export interface RunManifest {
  targets: RunTarget[];
  /** Playwright's own output: html/ and test-output/. */
  outputDir: string;
  /** Playwright worker processes for the report. */
  workers: number;
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
  outcomes: join(runDir, 'outcomes.json'),
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

export function writeManifest(path: string, manifest: RunManifest): void {
  writeFileSync(path, JSON.stringify(manifest, null, 2));
}

/** The run's manifest, from the path in BUCKETKIT_MANIFEST. */
export function readManifest(path = process.env[MANIFEST_ENV]): RunManifest {
  if (!path) throw new Error(`${MANIFEST_ENV} is not set: start the suite with "npx bucketkit conformance", not with playwright directly.`);
  return JSON.parse(readFileSync(path, 'utf8')) as RunManifest;
}

export function writeSettings(settings: RunSettings): void {
  mkdirSync(settings.runDir, { recursive: true });
  writeFileSync(runFiles(settings.runDir).settings, JSON.stringify(settings, null, 2));
}

export function readSettings(runDir: string): RunSettings {
  return JSON.parse(readFileSync(runFiles(runDir).settings, 'utf8')) as RunSettings;
}

/** The results of a target's checks, for the Playwright report. */
export function writeOutcomes(runDir: string, results: CheckResult[]): void {
  writeFileSync(runFiles(runDir).outcomes, JSON.stringify(results));
}

export function readOutcomes(runDir: string): CheckResult[] {
  const path = runFiles(runDir).outcomes;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CheckResult[]) : [];
}
