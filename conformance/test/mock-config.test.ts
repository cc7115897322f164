// The kit's mocks speak one key plan: the HTTP mock's banner keys are the embedded mock's (names, scopes,
// bucketIds), and the config `bucketkit mock --write-config` writes for a running mock is one the suite accepts as
// it is: every key with its scopes and bucketIds, tokens only through env vars, each token strong enough to redact.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMockApp, type MockAppHandle } from '../../mocks/app/create-mock-app.ts';
import { createPresetKeys } from '../../mocks/app/preset-keys.ts';
import { banner } from '../../mocks/http/banner.ts';
import type { MockServer } from '../../mocks/http/start-mock-server.ts';
import { defaultTokenEnv, loadConfig, resolveTokens } from '../config/load-config.ts';
import { weakTokensMessage } from '../config/token-strength.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { mockConfig, mockConfigText } from '../embedded/mock-config.ts';

const spec = loadBundledSpec();
const dir = mkdtempSync(join(tmpdir(), 'bucketkit-mock-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const written = (app: MockAppHandle) => {
  const tokens: Readonly<Record<string, string>> = app.presetKeys;
  const keys = app.presetPlan.map((key) => ({ ...key, token: tokens[key.name] }));
  return mockConfig({ baseUrl: 'http://127.0.0.1:4010/api/v1', workspaces: app.info().workspaces, keys });
};

describe('one key plan', () => {
  it("the embedded mock's keys are the HTTP mock's banner keys: names, scopes and bucketIds", async () => {
    const embedded = await startEmbeddedTarget();
    try {
      const app = createMockApp({ spec });
      const plain = (keys: readonly { name: string; scopes: readonly string[]; bucketIds: readonly string[] | null }[]) =>
        keys.map(({ name, scopes, bucketIds }) => ({ name, scopes, bucketIds }));
      expect(plain(embedded.config.keys)).toEqual(plain(app.presetPlan));
      expect(embedded.config.keys.map((k) => k.name).slice(0, 4)).toEqual(['full', 'readonly', 'restricted', 'only-workspaces-read']);
      expect(embedded.config.buckets.allowed).toBe(app.presetPlan.find((k) => k.name === 'restricted')?.bucketIds?.[0]);
    } finally {
      await embedded.close();
    }
  });
});

describe('the config the mock writes for itself', () => {
  it('is accepted by the suite as written: every key, its token from the env lines, none in the file', () => {
    const app = createMockApp({ spec });
    const { file, env } = written(app);
    const text = mockConfigText(file);
    const path = join(dir, 'deployment.json');
    writeFileSync(path, text);
    const config = loadConfig(path, env);
    expect(config.keys.map((k) => k.name)).toEqual(app.presetPlan.map((k) => k.name));
    expect(config.buckets).toEqual({ allowed: 'bkt_6a2edbdb', other: 'bkt_7f4e61a0' });
    const tokens = resolveTokens(config, env);
    expect(tokens.map((t) => t.env)).toEqual(Object.keys(env));
    for (const { token } of tokens) expect(readFileSync(path, 'utf8')).not.toContain(token);
    expect(JSON.parse(text)).toEqual(file);
  });

  it('every seed gives preset tokens the suite takes (random enough, no key name inside)', () => {
    const scopes = createMockApp({ spec, files: 0 }).knownScopes;
    for (let seed = 0; seed < 100; seed++) {
      const { presetKeys, plan } = createPresetKeys(seed, scopes, [{ id: 'ws', buckets: ['bkt_a', 'bkt_b'] }]);
      const tokens: Readonly<Record<string, string>> = presetKeys;
      const keys = plan.map((key) => ({ name: key.name, env: defaultTokenEnv(key.name), token: tokens[key.name] }));
      expect(weakTokensMessage(keys), `seed ${seed}`).toBeUndefined();
    }
  });

  it('refuses a world without a workspace of two buckets, saying what the suite needs', () => {
    const app = createMockApp({
      spec,
      fixtures: { mode: 'replace', workspaces: [{ id: 'ws_1', name: 'W', buckets: [{ id: 'bkt_1', name: 'B' }] }] },
    });
    expect(() => written(app)).toThrow(/no workspace with two buckets; the conformance suite needs one/);
  });

  it('the banner lists every key with its scopes and buckets, then the export lines of the written config', () => {
    const app = createMockApp({ spec });
    const { env } = written(app);
    const server = { app, baseUrl: 'http://127.0.0.1:4010/api/v1', origin: 'http://127.0.0.1:4010' } as MockServer;
    const text = banner(server, 5, new Set(), { file: 'deployment.json', env, run: 'npx bucketkit conformance --config deployment.json' });
    const tokens: Readonly<Record<string, string>> = app.presetKeys;
    expect(text).toMatch(new RegExp(`^ {2}full +${tokens.full} +every scope; every bucket$`, 'm'));
    expect(text).toMatch(new RegExp(`^ {2}restricted +${tokens.restricted} +every scope; only bucket bkt_6a2edbdb$`, 'm'));
    expect(text).toMatch(new RegExp(`^ {2}only-files-read +${tokens['only-files-read']} +files:read; every bucket$`, 'm'));
    expect(text).toMatch(/^ {2}readonly +\S+ +workspaces:read buckets:read files:read .*; every bucket$/m);
    for (const key of app.presetPlan) expect(text).toMatch(new RegExp(`^ {2}${key.name} `, 'm'));
    for (const [name, token] of Object.entries(env)) expect(text).toContain(`  export ${name}=${token}\n`);
    expect(text).toContain('  npx bucketkit conformance --config deployment.json\n');
  });
});
