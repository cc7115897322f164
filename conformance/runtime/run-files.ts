// Where a run keeps its working files: the manifest naming its targets, and per
// target the settings, shared fixtures, ledger, set-up state and stop marker.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunSettings } from '../config/config-types.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';

/** The env var that points Playwright's processes at the run manifest. */
export const MANIFEST_ENV = 'BUCKETKIT_MANIFEST';

/** One deployment a run checks: a normal run has one, the self-test one per trial. */
export interface RunTarget {
  /** Shown as the describe block of its tests when a run has several targets. */
  name: string;
  runDir: string;
  /** Where this target's summary.json, summary.md and junit.xml go. */
  reportDir: string;
}

/** What the CLI tells Playwright's processes (config, reporter, workers) about a run; holds no token. */
export interface RunManifest {
  targets: RunTarget[];
  /** Playwright's own output: html/ and test-output/. */
  outputDir: string;
  workers: number;
  shard?: string;
  /** Print one line per check as it ends (off for the self-test). */
  list: boolean;
  /** Write Playwright's HTML report. */
  html: boolean;
  /** File name, in each target's report dir, of the counts CI sums ("*-results.json"); none when absent. */
  ciResultsFile?: string;
}

/** Why a target's run stopped before its checks (preflight, a crashed set-up, the circuit breaker). */
export interface RunStop {
  /** 2: the run could not complete; 3: the base URL or the keys are wrong. */
  exitCode: 2 | 3;
  reason: string;
}

export const runFiles = (runDir: string) => ({
  settings: join(runDir, 'settings.json'),
  fixtures: join(runDir, 'fixtures.json'),
  ledger: join(runDir, 'ledger.jsonl'),
  cleanup: join(runDir, 'cleanup.json'),
  stop: join(runDir, 'stop.json'),
  breaker: join(runDir, 'transport-failures'),
});

/** The env var holding a target's tokens (a JSON object: env var name → token). */
export const tokensEnvOf = (targetIndex: number) => `BUCKETKIT_TOKENS_${targetIndex}`;

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

export function writeFixtures(runDir: string, fixtures: SharedFixtures): void {
  writeFileSync(runFiles(runDir).fixtures, JSON.stringify(fixtures, null, 2));
}

export function readFixtures(runDir: string): SharedFixtures {
  const path = runFiles(runDir).fixtures;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as SharedFixtures) : { ready: false };
}

/** Marks the target's run as stopped; the first reason wins. */
export function writeStop(runDir: string, stop: RunStop): void {
  try {
    writeFileSync(runFiles(runDir).stop, JSON.stringify(stop), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

export function readStop(runDir: string): RunStop | undefined {
  const path = runFiles(runDir).stop;
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as RunStop) : undefined;
}
