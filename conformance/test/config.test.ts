// The config loader: file and BUCKETKIT_* env vars, validation with clear errors, token resolution.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, defaultTokenEnv, hasConfigSource, loadConfig, resolveTokens, validateConfig } from '../config/load-config.ts';
import { parseArgs, UsageError } from '../config/cli-args.ts';
import { overrideOf } from '../config/config-types.ts';

const valid = {
  baseUrl: 'https://api.example.test/api/v1',
  workspaceId: 'ws_1',
  buckets: { allowed: 'bkt_a', other: 'bkt_b' },
  keys: [{ name: 'full', tokenEnv: 'MY_FULL_KEY', scopes: ['files:read'], bucketIds: null }],
};

function writeConfig(value: unknown): string {
  const path = join(mkdtempSync(join(tmpdir(), 'bk-config-')), 'config.json');
  writeFileSync(path, JSON.stringify(value));
  return path;
}

describe('loading the config', () => {
  it('reads a file and lets env vars win over its fields', () => {
    const config = loadConfig(writeConfig(valid), { BUCKETKIT_WORKSPACE_ID: 'ws_env', BUCKETKIT_BUCKET_OTHER: 'bkt_env' });
    expect(config.workspaceId).toBe('ws_env');
    expect(config.buckets).toEqual({ allowed: 'bkt_a', other: 'bkt_env' });
    expect(config.overrides).toEqual({});
  });

  it('builds a whole config from env vars alone', () => {
    const config = loadConfig(undefined, {
      BUCKETKIT_BASE_URL: 'http://127.0.0.1:9/api/v1/',
      BUCKETKIT_WORKSPACE_ID: 'ws_1',
      BUCKETKIT_BUCKET_ALLOWED: 'bkt_a',
      BUCKETKIT_BUCKET_OTHER: 'bkt_b',
      BUCKETKIT_KEYS: JSON.stringify([{ name: 'ro', scopes: [], bucketIds: ['bkt_a'] }]),
      BUCKETKIT_OVERRIDES: '{"foreignBucketStatus":403}',
    });
    expect(config.baseUrl).toBe('http://127.0.0.1:9/api/v1');
    expect(config.overrides.foreignBucketStatus).toBe(403);
  });

  it('rejects a base URL without /api/v1, naming the fix', () => {
    expect(() => validateConfig({ ...valid, baseUrl: 'https://api.example.test' })).toThrow(/must end with \/api\/v1/);
  });

  it('rejects the same bucket twice, bad bucketIds and unknown override fields', () => {
    expect(() => validateConfig({ ...valid, buckets: { allowed: 'bkt_a', other: 'bkt_a' } })).toThrow(ConfigError);
    expect(() => validateConfig({ ...valid, keys: [{ name: 'k', scopes: [], bucketIds: 'bkt_a' }] })).toThrow(/bucketIds must be a list/);
    expect(() => validateConfig({ ...valid, overrides: { foreignBucket: 403 } })).toThrow(/unknown field\(s\) foreignBucket/);
    expect(() => validateConfig({ ...valid, overrides: { foreignBucketStatus: 401 } })).toThrow(/403 or 404/);
  });

  it('takes the overrides for the common other choices, each checked where it enters', () => {
    const overrides = {
      errorFormat: 'any',
      unlistedMethodStatus: 404,
      maxPageSize: 100,
      uploadVisibleWithinMs: 15000,
      foreignBucketStatus: 403,
    };
    expect(validateConfig({ ...valid, overrides }).overrides).toEqual(overrides);
    expect(() => validateConfig({ ...valid, overrides: { errorFormat: 'json' } })).toThrow(
      /errorFormat must be one of "problem\+json", "any"/,
    );
    expect(() => validateConfig({ ...valid, overrides: { unlistedMethodStatus: 400 } })).toThrow(/404 or 405/);
    expect(() => validateConfig({ ...valid, overrides: { maxPageSize: 1 } })).toThrow(
      /maxPageSize must be a whole number from 2 to 100000; got 1/,
    );
    expect(() => validateConfig({ ...valid, overrides: { uploadVisibleWithinMs: '5s' } })).toThrow(
      /uploadVisibleWithinMs must be a whole number from 0 to 300000; got "5s"/,
    );
    expect(() => validateConfig({ ...valid, overrides: { uploadVisibleWithinMs: 2.5 } })).toThrow(/whole number/);
  });

  it("fills an override the config leaves out with the gap register's choice", () => {
    expect(overrideOf({}, 'consistencyWindowMs')).toBe(5000);
    // The window's older name still counts, and the new one wins over it.
    expect(overrideOf({ uploadVisibleWithinMs: 900 }, 'consistencyWindowMs')).toBe(900);
    expect(overrideOf({ uploadVisibleWithinMs: 900, consistencyWindowMs: 1200 }, 'consistencyWindowMs')).toBe(1200);
    expect(overrideOf({}, 'maxPageSize')).toBe(1000);
    expect(overrideOf({ errorFormat: 'any' }, 'errorFormat')).toBe('any');
  });

  it('rejects env JSON that does not parse, naming the variable', () => {
    expect(() => loadConfig(writeConfig(valid), { BUCKETKIT_KEYS: '[{' })).toThrow(/BUCKETKIT_KEYS must be JSON/);
  });

  it('knows when no config is given at all', () => {
    expect(hasConfigSource(undefined, {})).toBe(false);
    expect(hasConfigSource(undefined, { BUCKETKIT_CONFIG: 'x.json' })).toBe(true);
  });

  it('treats any deployment variable as a config, so a missing BUCKETKIT_BASE_URL fails instead of testing the embedded mock', () => {
    const env = {
      BUCKETKIT_WORKSPACE_ID: 'ws_1',
      BUCKETKIT_BUCKET_ALLOWED: 'bkt_a',
      BUCKETKIT_BUCKET_OTHER: 'bkt_b',
      BUCKETKIT_KEYS: JSON.stringify(valid.keys),
    };
    expect(hasConfigSource(undefined, env)).toBe(true);
    expect(() => loadConfig(undefined, env)).toThrow(/BUCKETKIT_BASE_URL/);
    expect(hasConfigSource(undefined, { BUCKETKIT_KEY_FULL: 'a-token-only' })).toBe(false);
  });
});

describe('resolving key tokens', () => {
  it('reads tokenEnv, or BUCKETKIT_KEY_<NAME> when the key names none', () => {
    const config = validateConfig({ ...valid, keys: [...valid.keys, { name: 'read-only', scopes: [], bucketIds: null }] });
    const tokens = resolveTokens(config, { MY_FULL_KEY: 'tok_Q7vX2mK9pL4rT8wZ', BUCKETKIT_KEY_READ_ONLY: 'tok_cN3bH6jY1sD5fG0q' });
    expect(tokens.map((t) => t.env)).toEqual(['MY_FULL_KEY', 'BUCKETKIT_KEY_READ_ONLY']);
    expect(defaultTokenEnv('read-only')).toBe('BUCKETKIT_KEY_READ_ONLY');
  });

  it('fails with the env var to set when a token is missing, and refuses tokens too short to redact', () => {
    const config = validateConfig(valid);
    expect(() => resolveTokens(config, {})).toThrow(/set MY_FULL_KEY/);
    expect(() => resolveTokens(config, { MY_FULL_KEY: 'short' })).toThrow(
      /key "full" \(\$MY_FULL_KEY\): only 0 of its 5 characters are random/,
    );
  });
});

describe('the command line', () => {
  it('takes defaults from env and flags over them', () => {
    const options = parseArgs(['--level', 'core', '--read-only', '--shard', '2/3', '--fault', 'route-moved'], {
      BUCKETKIT_REPORT_DIR: 'out',
    });
    expect(options).toMatchObject({
      level: 'core',
      readOnly: true,
      shard: '2/3',
      faults: ['route-moved'],
      reportDir: 'out',
      concurrency: 16,
      keep: true,
    });
    // No --workers: the CLI picks them from the deployment's latency.
    expect(options.workers).toBeUndefined();
  });

  it('rejects unknown options, bad levels, bad shards and bad patterns', () => {
    expect(() => parseArgs(['--frobnicate'], {})).toThrow(UsageError);
    expect(() => parseArgs(['--level', 'strict'], {})).toThrow(/core or profile/);
    expect(() => parseArgs(['--shard', '4/3'], {})).toThrow(/like 1\/3/);
    expect(() => parseArgs(['--grep', '('], {})).toThrow(/regular expression/);
    expect(() => parseArgs(['--concurrency', '0'], {})).toThrow(/--concurrency must be 1 to 64/);
    expect(() => parseArgs(['--max-rps', '-1'], {})).toThrow(/--max-rps/);
    expect(parseArgs(['--concurrency', '16', '--max-rps', '2.5', '--no-keep'], {})).toMatchObject({
      concurrency: 16,
      maxRps: 2.5,
      keep: false,
    });
  });

  it('takes --learn FILE (or BUCKETKIT_LEARN) for a whole run only', () => {
    expect(parseArgs(['--learn', 'profile.json'], {}).learn).toBe('profile.json');
    expect(parseArgs([], { BUCKETKIT_LEARN: 'p.json' }).learn).toBe('p.json');
    expect(parseArgs([], { BUCKETKIT_LEARN: '' }).learn).toBeUndefined();
    expect(() => parseArgs(['--learn'], {})).toThrow(/--learn needs a value/);
    for (const other of [['--list'], ['--shard', '1/2'], ['--merge', 'a'], ['--cleanup', 'ledger.jsonl']])
      expect(() => parseArgs(['--learn', 'p.json', ...other], {}), other[0]).toThrow(`cannot be combined with ${other[0]}`);
  });

  it('reads switches and numbers from env strictly: an unknown value is an error, never "off"', () => {
    for (const on of ['1', 'true', 'YES', 'on']) expect(parseArgs([], { BUCKETKIT_READ_ONLY: on }).readOnly, on).toBe(true);
    for (const off of ['0', 'false', 'no', 'off', '']) expect(parseArgs([], { BUCKETKIT_READ_ONLY: off }).readOnly, off).toBe(false);
    expect(() => parseArgs([], { BUCKETKIT_READ_ONLY: 'yess' })).toThrow(/BUCKETKIT_READ_ONLY/);
    expect(parseArgs([], { BUCKETKIT_REQUEST_TIMEOUT_MS: '30000' }).requestTimeoutMs).toBe(30_000);
    expect(() => parseArgs([], { BUCKETKIT_REQUEST_TIMEOUT_MS: 'abc' })).toThrow(/BUCKETKIT_REQUEST_TIMEOUT_MS/);
  });
});
