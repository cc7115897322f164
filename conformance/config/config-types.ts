// The shapes of the conformance suite's configuration: what a user writes in
// the config file (or env vars) and what the run resolves it to.

export const AREAS = ['auth', 'scopes', 'bucket-limits', 'paths', 'uploads', 'listing', 'schemas', 'errors', 'robustness'] as const;
export type Area = (typeof AREAS)[number];

export const LEVELS = ['core', 'profile'] as const;
export type Level = (typeof LEVELS)[number];

/** A key as the config declares it: its token (or the env var holding it), scopes and bucket restriction. */
export interface KeyConfig {
  name: string;
  token?: string;
  tokenEnv?: string;
  scopes: string[];
  bucketIds: string[] | null;
}

/** Where an implementer chose differently from the gap register. */
export interface Overrides {
  /** G13: the status for a bucket outside the key's bucketIds (404 by default). */
  foreignBucketStatus?: 403 | 404;
  /** G04/G05: the scope a route needs, by operationId. */
  scopes?: Record<string, string>;
  /** Checks (by requirement id, or an area name) turned off for this deployment. */
  disable?: string[];
}

export interface SuiteConfig {
  baseUrl: string;
  workspaceId: string;
  buckets: { allowed: string; other: string };
  keys: KeyConfig[];
  overrides: Overrides;
}

/** A key after resolution: the env var its token lives in (never the token itself in files). */
export interface ResolvedKey {
  name: string;
  /** The env var a reproduction command names, e.g. BUCKETKIT_KEY_READONLY. */
  env: string;
  scopes: string[];
  bucketIds: string[] | null;
}

/** Everything a Playwright worker needs, written to the run directory; holds no token. */
export interface RunSettings {
  runId: string;
  /** Every resource the run creates lives under this path prefix. */
  runPrefix: string;
  baseUrl: string;
  workspaceId: string;
  buckets: { allowed: string; other: string };
  keys: ResolvedKey[];
  overrides: Overrides;
  level: Level;
  readOnly: boolean;
  grep?: string;
  runDir: string;
  requestTimeoutMs: number;
}
