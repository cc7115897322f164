// Loads the suite's configuration from a JSON file and BUCKETKIT_* env vars
// (env wins), checks every field where it enters, and resolves key tokens.
import { readFileSync, existsSync } from 'node:fs';
import { ERROR_FORMATS, type KeyConfig, type Overrides, type SuiteConfig } from './config-types.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { weakTokensMessage } from './token-strength.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';

// The seed fixes the version in the path; the spec's server URL says which.
const API_BASE = specBasePath(loadBundledSpec());

/** Every env var the config reads, with its meaning (the README lists the same). */
export const CONFIG_ENV = {
  BUCKETKIT_CONFIG: 'path of the JSON config file',
  BUCKETKIT_BASE_URL: 'baseUrl',
  BUCKETKIT_WORKSPACE_ID: 'workspaceId',
  BUCKETKIT_BUCKET_ALLOWED: 'buckets.allowed',
  BUCKETKIT_BUCKET_OTHER: 'buckets.other',
  BUCKETKIT_KEYS: 'keys, as a JSON array',
  BUCKETKIT_OVERRIDES: 'overrides, as a JSON object',
} as const;

export class ConfigError extends Error {}

const ENV_NAME = /^[A-Z_][A-Z0-9_]*$/;

export const DEPLOYMENT_VARS = [
  'BUCKETKIT_CONFIG',
  'BUCKETKIT_BASE_URL',
  'BUCKETKIT_WORKSPACE_ID',
  'BUCKETKIT_BUCKET_ALLOWED',
  'BUCKETKIT_BUCKET_OTHER',
  'BUCKETKIT_KEYS',
  'BUCKETKIT_OVERRIDES',
];

/** The env var a key's token is read from when the key names none: BUCKETKIT_KEY_<NAME>. */
export function defaultTokenEnv(keyName: string): string {
  return `BUCKETKIT_KEY_${keyName.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
}

/** A path identifier: any non-empty string without control characters (they cannot be told apart in reports). */
function isId(value: unknown): value is string {
  // eslint-disable-next-line no-control-regex
  return typeof value === 'string' && value.length > 0 && value.length <= 1024 && !/[\u0000-\u001f\u007f]/.test(value);
}

function parseJsonVar(name: string, raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new ConfigError(`${name} must be JSON (${CONFIG_ENV[name as keyof typeof CONFIG_ENV]}).`);
  }
}

function checkKey(raw: unknown, index: number): KeyConfig {
  const where = `keys[${index}]`;
  if (!raw || typeof raw !== 'object') throw new ConfigError(`${where} must be an object with name, scopes and bucketIds.`);
  const key = raw as Record<string, unknown>;
  if (typeof key.name !== 'string' || !/^[A-Za-z0-9_-]{1,40}$/.test(key.name))
    throw new ConfigError(`${where}.name must be 1-40 letters, digits, "_" or "-".`);
  if (!Array.isArray(key.scopes) || !key.scopes.every((s) => typeof s === 'string'))
    throw new ConfigError(`${where}.scopes must be a list of scope names (may be empty).`);
  if (key.bucketIds !== null && (!Array.isArray(key.bucketIds) || !key.bucketIds.every((b) => typeof b === 'string'))) {
    throw new ConfigError(`${where}.bucketIds must be a list of bucket ids, or null for every bucket.`);
  }
  if (key.token !== undefined && typeof key.token !== 'string') throw new ConfigError(`${where}.token must be a string.`);
  if (key.tokenEnv !== undefined && (typeof key.tokenEnv !== 'string' || !ENV_NAME.test(key.tokenEnv)))
    throw new ConfigError(`${where}.tokenEnv must be an env var name like MY_KEY.`);
  if (key.token !== undefined && key.tokenEnv !== undefined) throw new ConfigError(`${where}: give token or tokenEnv, not both.`);
  return {
    name: key.name,
    token: key.token as string | undefined,
    tokenEnv: key.tokenEnv as string | undefined,
    scopes: key.scopes as string[],
    bucketIds: key.bucketIds as string[] | null,
  };
}

/** The bounds of the numeric overrides: [min, max]. */
export const OVERRIDE_BOUNDS = {
  maxPageSize: [2, 100_000],
  consistencyWindowMs: [0, 300_000],
  uploadVisibleWithinMs: [0, 300_000],
} as const;

function checkOverrides(raw: unknown): Overrides {
  if (raw === undefined) return {};
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError('overrides must be an object.');
  const o = raw as Record<string, unknown>;
  const known = [
    'foreignBucketStatus',
    'scopes',
    'errorFormat',
    'unlistedMethodStatus',
    'maxPageSize',
    'consistencyWindowMs',
    'uploadVisibleWithinMs',
    'disable',
  ];
  const unknown = Object.keys(o).filter((k) => !known.includes(k));
  if (unknown.length) throw new ConfigError(`overrides has unknown field(s) ${unknown.join(', ')}; known: ${known.join(', ')}.`);
  if (o.foreignBucketStatus !== undefined && o.foreignBucketStatus !== 403 && o.foreignBucketStatus !== 404)
    throw new ConfigError('overrides.foreignBucketStatus must be 403 or 404.');
  if (
    o.scopes !== undefined &&
    (typeof o.scopes !== 'object' || o.scopes === null || !Object.values(o.scopes).every((s) => typeof s === 'string'))
  ) {
    throw new ConfigError('overrides.scopes must map operationIds to scope names, e.g. {"listShares": "files:read"}.');
  }
  if (o.errorFormat !== undefined && !(ERROR_FORMATS as readonly unknown[]).includes(o.errorFormat))
    throw new ConfigError(`overrides.errorFormat must be one of ${ERROR_FORMATS.map((f) => `"${f}"`).join(', ')}.`);
  if (o.unlistedMethodStatus !== undefined && o.unlistedMethodStatus !== 404 && o.unlistedMethodStatus !== 405)
    throw new ConfigError('overrides.unlistedMethodStatus must be 404 or 405.');
  for (const [name, [min, max]] of Object.entries(OVERRIDE_BOUNDS)) {
    const value = o[name];
    if (value !== undefined && (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max))
      throw new ConfigError(`overrides.${name} must be a whole number from ${min} to ${max}; got ${JSON.stringify(value)}.`);
  }
  if (o.disable !== undefined && (!Array.isArray(o.disable) || !o.disable.every((d) => typeof d === 'string')))
    throw new ConfigError('overrides.disable must be a list of requirement ids or area names.');
  return o as Overrides;
}

/** Checks a parsed config object; throws a ConfigError naming the field and the fix. */
export function validateConfig(raw: Record<string, unknown>): SuiteConfig {
  const baseUrl = raw.baseUrl;
  if (typeof baseUrl !== 'string' || !/^https?:\/\/[^/]+/.test(baseUrl))
    throw new ConfigError(`baseUrl must be an http(s) URL ending with ${API_BASE} (BUCKETKIT_BASE_URL).`);
  if (!baseUrl.replace(/\/+$/, '').endsWith(API_BASE))
    throw new ConfigError(`baseUrl must end with ${API_BASE} (the seed fixes the version in the path); got ${baseUrl}.`);
  // The seed says only that path identifiers are strings: any non-empty one works (sent percent-encoded).
  if (!isId(raw.workspaceId)) throw new ConfigError('workspaceId must be an id of the workspace under test (BUCKETKIT_WORKSPACE_ID).');
  const buckets = raw.buckets as Record<string, unknown> | undefined;
  if (!buckets || !isId(buckets.allowed) || !isId(buckets.other)) {
    throw new ConfigError(
      'buckets must name two buckets of the workspace: {"allowed": "...", "other": "..."} (BUCKETKIT_BUCKET_ALLOWED, BUCKETKIT_BUCKET_OTHER).',
    );
  }
  if (buckets.allowed === buckets.other) throw new ConfigError('buckets.allowed and buckets.other must be two different buckets.');
  if (!Array.isArray(raw.keys) || raw.keys.length === 0) throw new ConfigError('keys must list at least one key (BUCKETKIT_KEYS).');
  const keys = raw.keys.map(checkKey);
  const dup = keys.find((k, i) => keys.findIndex((o) => o.name.toLowerCase() === k.name.toLowerCase()) !== i);
  if (dup) throw new ConfigError(`keys: the name "${dup.name}" is used twice.`);
  return {
    baseUrl: baseUrl.replace(/\/$/, ''),
    workspaceId: raw.workspaceId,
    buckets: { allowed: buckets.allowed, other: buckets.other },
    keys,
    overrides: checkOverrides(raw.overrides),
  };
}

/** Reads the config file (if any) and applies BUCKETKIT_* env vars over it. */
export function loadConfig(file: string | undefined, env: NodeJS.ProcessEnv): SuiteConfig {
  const path = file || env.BUCKETKIT_CONFIG;
  let raw: Record<string, unknown> = {};
  if (path) {
    if (!existsSync(path)) throw new ConfigError(`The config file ${path} does not exist.`);
    try {
      raw = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new ConfigError(`The config file ${path} is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (env.BUCKETKIT_BASE_URL) raw.baseUrl = env.BUCKETKIT_BASE_URL;
  if (env.BUCKETKIT_WORKSPACE_ID) raw.workspaceId = env.BUCKETKIT_WORKSPACE_ID;
  if (env.BUCKETKIT_BUCKET_ALLOWED || env.BUCKETKIT_BUCKET_OTHER) {
    const buckets = { ...(raw.buckets as object | undefined) } as Record<string, unknown>;
    if (env.BUCKETKIT_BUCKET_ALLOWED) buckets.allowed = env.BUCKETKIT_BUCKET_ALLOWED;
    if (env.BUCKETKIT_BUCKET_OTHER) buckets.other = env.BUCKETKIT_BUCKET_OTHER;
    raw.buckets = buckets;
  }
  if (env.BUCKETKIT_KEYS) raw.keys = parseJsonVar('BUCKETKIT_KEYS', env.BUCKETKIT_KEYS);
  if (env.BUCKETKIT_OVERRIDES) raw.overrides = parseJsonVar('BUCKETKIT_OVERRIDES', env.BUCKETKIT_OVERRIDES);
  return validateConfig(raw);
}

/** Whether any config source is given at all (otherwise the CLI starts the embedded mock). */
export function hasConfigSource(file: string | undefined, env: NodeJS.ProcessEnv): boolean {
  // Any deployment variable counts: a CI job whose BUCKETKIT_BASE_URL secret is missing must
  // fail on the missing field, not quietly pass against the embedded mock.
  return Boolean(file) || DEPLOYMENT_VARS.some((name) => env[name]);
}

/**
 * The env var holding each key's token, and the token, failing with the fix when one is missing or too guessable
 * to redact safely (see weakTokenReasons): before anything is sent.
 */
export function resolveTokens(config: SuiteConfig, env: NodeJS.ProcessEnv): { name: string; env: string; token: string }[] {
  const tokens = config.keys.map((key) => {
    const envName = key.tokenEnv ?? defaultTokenEnv(key.name);
    const token = key.token ?? env[envName];
    if (!token) throw new ConfigError(`No token for key "${key.name}": set ${envName} (or "token"/"tokenEnv" in the config).`);
    return { name: key.name, env: envName, token };
  });
  const weak = weakTokensMessage(tokens);
  if (weak) throw new ConfigError(weak);
  return tokens;
}
