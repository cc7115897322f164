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

/** Where an implementer chose differently from the gap register (README: which checks each one changes). */
export interface Overrides {
  /** G13: the status for a bucket outside the key's bucketIds (404 by default). */
  foreignBucketStatus?: 403 | 404;
  /** G04/G05: the scope a route needs, by operationId. */
  scopes?: Record<string, string>;
  /** G11: `problem+json` (default) checks the error body's format and code; `any` checks the status and what the body names. */
  errorFormat?: ErrorFormat;
  /** G20: the status of a method the spec does not list on a known path (405 by default, with Allow). */
  unlistedMethodStatus?: 404 | 405;
  /** G16: the largest `limit` a listing accepts (1000 by default). */
  maxPageSize?: number;
  /**
   * How long a write may take to show in any read-back (listings, the trash, tags, intelligence), in ms (5000 by
   * default): the seed promises no read-after-write consistency. Every read-back polls within this window.
   */
  consistencyWindowMs?: number;
  /** The older name of `consistencyWindowMs` (G03: how long an upload may take to be listed); still accepted. */
  uploadVisibleWithinMs?: number;
  /** Checks (by requirement id, or an area name) turned off for this deployment. */
  disable?: string[];
}

export const ERROR_FORMATS = ['problem+json', 'any'] as const;
export type ErrorFormat = (typeof ERROR_FORMATS)[number];

/** The values an override takes when the config leaves it out (the gap register's choices). */
export const OVERRIDE_DEFAULTS = {
  foreignBucketStatus: 404,
  errorFormat: 'problem+json',
  unlistedMethodStatus: 405,
  maxPageSize: 1000,
  consistencyWindowMs: 5000,
} as const satisfies Partial<Overrides>;

/** An override's value for this deployment: the config's, or the gap register's default. */
export function overrideOf<K extends keyof typeof OVERRIDE_DEFAULTS>(overrides: Overrides, name: K): NonNullable<Overrides[K]> {
  // The window's older name counts when the new one is absent.
  const given = name === 'consistencyWindowMs' ? (overrides.consistencyWindowMs ?? overrides.uploadVisibleWithinMs) : overrides[name];
  return (given ?? OVERRIDE_DEFAULTS[name]) as NonNullable<Overrides[K]>;
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
  /** Requests in flight at most (--concurrency). */
  concurrency: number;
  /** A ceiling on requests per second over the whole run (--max-rps), none by default. */
  maxRps?: number;
  /** Keep what failing checks used on the deployment until --cleanup (default), so their curl lines reproduce. */
  keepForRepro: boolean;
  /** Extra CA certificates (PEM text) trusted besides the default roots (--ca), for a private TLS deployment. */
  ca?: string;
  /** The run learns the deployment's choices (--learn): the learner's probes are sent with the traffic. */
  learn?: boolean;
  /** Routes not built yet do not fail the run (--allow-unbuilt). */
  allowUnbuilt?: boolean;
}
