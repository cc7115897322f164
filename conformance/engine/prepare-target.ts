// Turns a resolved config into one target of a run: a fresh run id, the
// target's report dir cleared of an earlier run, and its settings written
// (names of the keys' env vars, never a token).
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Level, RunSettings, SuiteConfig } from '../config/config-types.ts';
import type { Secret } from '../http/redact.ts';
import { DEFAULT_CONCURRENCY } from '../config/cli-args.ts';
import { writeSettings, type RunTarget } from './run-files.ts';
import { SUITE_FOLDER } from './borrowed-files.ts';

export interface PreparedTarget {
  target: RunTarget;
  settings: RunSettings;
  /** The keys' tokens, by the env var the reports name them with. */
  secrets: Secret[];
}

export interface TargetOptions {
  name: string;
  reportDir: string;
  level: Level;
  readOnly: boolean;
  grep?: string;
  requestTimeoutMs: number;
  /** Requests in flight at most (default 8). */
  concurrency?: number;
  maxRps?: number;
  /** Keep what failing checks used until --cleanup (default true). */
  keepForRepro?: boolean;
  /** Extra CA certificates, PEM text. */
  ca?: string;
  /** Further files of an earlier run to remove from the report dir (e.g. the CI counts file). */
  alsoClear?: string[];
  /** Send the learner's probes (--learn). */
  learn?: boolean;
  /** Routes not built yet do not fail the run (--allow-unbuilt). */
  allowUnbuilt?: boolean;
}

/** A run id that sorts by time and is safe in paths, tags and names. */
export function newRunId(): string {
  return `bk${Date.now().toString(36)}${process.pid.toString(36)}${Math.floor(performance.now() * 1000)
    .toString(36)
    .slice(-3)}`.toLowerCase();
}

/** Clears what an earlier run left in the report dir, then writes the target's settings. */
export function prepareTarget(
  config: SuiteConfig,
  tokens: { name: string; env: string; token: string }[],
  options: TargetOptions,
): PreparedTarget {
  const reportDir = resolve(options.reportDir);
  for (const name of ['run', 'html', 'test-output', 'junit.xml', 'summary.json', 'summary.md', ...(options.alsoClear ?? [])])
    rmSync(join(reportDir, name), { recursive: true, force: true });
  mkdirSync(reportDir, { recursive: true });
  const runId = newRunId();
  const settings: RunSettings = {
    runId,
    runPrefix: `${SUITE_FOLDER}${runId}/`,
    baseUrl: config.baseUrl,
    workspaceId: config.workspaceId,
    buckets: config.buckets,
    keys: config.keys.map((k, i) => ({ name: k.name, env: tokens[i].env, scopes: k.scopes, bucketIds: k.bucketIds })),
    overrides: config.overrides,
    level: options.level,
    readOnly: options.readOnly,
    grep: options.grep,
    runDir: join(reportDir, 'run'),
    requestTimeoutMs: options.requestTimeoutMs,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    maxRps: options.maxRps,
    keepForRepro: options.keepForRepro ?? true,
    ...(options.ca ? { ca: options.ca } : {}),
    ...(options.learn ? { learn: true } : {}),
    ...(options.allowUnbuilt ? { allowUnbuilt: true } : {}),
  };
  writeSettings(settings);
  return {
    target: { name: options.name, runDir: settings.runDir, reportDir },
    settings,
    secrets: tokens.map((t) => ({ env: t.env, token: t.token, name: t.name })),
  };
}
