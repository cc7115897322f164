// Key tokens too guessable to redact safely are a config error before anything is
// sent (too few random characters, or a key or env var name inside), and realistic
// tokens, the embedded mock's minted keys among them, pass; a key's name and its env
// var are never redacted nor found as a leak, whatever token holds them.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resolveTokens, validateConfig } from '../config/load-config.ts';
import { weakTokenReasons, type KeyToken } from '../config/token-strength.ts';
import { embeddedTokens } from '../embedded/embedded-keys.ts';
import { randomCount } from '../http/key-secret-part.ts';
import { createRedactor } from '../http/redact.ts';
import { findLeaks } from '../report/leak-scan.ts';
import { startRecordingServer } from './support/recording-server.ts';

const BIN = fileURLToPath(new URL('../../bin/bucketkit.js', import.meta.url));
const key = (name: string, token: string, env = `BUCKETKIT_KEY_${name.toUpperCase().replace(/-/g, '_')}`): KeyToken => ({
  name,
  env,
  token,
});
const reasonsOf = (k: KeyToken, all: KeyToken[] = [k]) => weakTokenReasons(k, all).map((r) => r.text);

/** Realistic tokens: what services mint, each with its random part (seeded here, so the test is the same every run). */
const REALISTIC = {
  'a prefixed live key': 'sk_live_aZ3kQ9xL2mN7pR4tV8wY1bC5dF6gH0jK',
  'a GitHub-like token': 'ghp_R8x2Lq9ZkT4vN1mW7pY3sB6dF0hJ5cG2aE8u',
  'a JWT': 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
  'base64 with padding': 'Zm9v+/YmFy+/QUJDREVGR0hJ+/==',
  'hex of 32': '9f3c2a7e5b1d4c6a8e0f2b4d6c8a1e3f',
  'a UUID': '3f2a9c1e-7b4d-4e8a-9c2f-1a2b3c4d5e6f',
  "the mock's minted format": 'bk_test_5e0c9a1f7d3b2e48a6c0f9e1d7b3a5c2',
  'a Slack-like token': 'xoxb-4471958230-9923481125506-Kq7ZrT2mXw9LpB4vN8sYdF3h',
};

describe('a token too guessable to redact safely', () => {
  it('with its own key name and no random character (as seen on a real deployment) is refused naming both and the fix', () => {
    const restricted = key('restricted', 'impl-restricted-token-fedcba987654');
    expect(reasonsOf(restricted)).toEqual([
      `it holds "restricted" (the key's own name)`,
      expect.stringMatching(/^only 0 of its 34 characters are random \(12 are needed; separators _ \. ~ -, lowercase words/),
    ]);
    const config = validateConfig({
      baseUrl: 'https://files.example.com/api/v1',
      workspaceId: 'ws_1',
      buckets: { allowed: 'bkt_a', other: 'bkt_b' },
      keys: [{ name: 'restricted', scopes: ['files:read'], bucketIds: ['bkt_a'] }],
    });
    expect(() => resolveTokens(config, { BUCKETKIT_KEY_RESTRICTED: restricted.token })).toThrow(
      /key "restricted" \(\$BUCKETKIT_KEY_RESTRICTED\): it holds "restricted".*Fix: use a longer random token/,
    );
  });

  it("holding another key's name, its env var, or 8 characters of an env var, is refused; the fix is to rename", () => {
    const full = key('full', 'sk_Q7vX2mK9pL4rT8wZcN3bH6j');
    const reader = key('reader', 'sk_Q7vX2mK9pL4rT8wZ_full_x', 'CI_READER_SECRET');
    const ci = key('ci', 'sk_Q7vX2mK9pL4rT8wZ_ci_reader_secret');
    const bucketkit = key('bot', 'BUCKETKIT_Q7vX2mK9pL4rT8wZcN3');
    const all = [full, reader, ci, bucketkit];
    expect(reasonsOf(full, all)).toEqual([]);
    expect(reasonsOf(reader, all)).toEqual([`it holds "full" (the name of key "full")`]);
    expect(reasonsOf(ci, all)).toEqual([
      `it holds "reader" (the name of key "reader")`,
      `it holds "CI_READER_SECRET" (the env var name of key "reader")`,
    ]);
    expect(reasonsOf(bucketkit, all)).toEqual([`it holds 8 characters in a row of "BUCKETKIT_KEY_FULL" (the env var name of key "full")`]);
    const config = validateConfig({
      baseUrl: 'https://files.example.com/api/v1',
      workspaceId: 'ws_1',
      buckets: { allowed: 'bkt_a', other: 'bkt_b' },
      keys: all.map((k) => ({ name: k.name, token: k.token, scopes: [], bucketIds: null })),
    });
    let message = '';
    try {
      resolveTokens(config, {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^3 key tokens are too guessable to be redacted from the reports safely; nothing was sent:\n/);
    expect(message).toContain('Fix: rename the key in the config, or use another token');
    // The message names keys, never their tokens.
    for (const k of all) expect(message).not.toContain(k.token);
  });

  it('with fewer than 12 random characters is refused: ordered runs, words and separators do not count', () => {
    expect(randomCount('sk_live_0123456789abcdefXYZ')).toBe(3);
    expect(randomCount('aaaaaaaaaaaaaaaaaaaaaaaa')).toBe(0);
    expect(randomCount('my-very-own.secret_token')).toBe(0);
    expect(randomCount('tok_Q7vX2mK9pL4r')).toBe(12);
    expect(reasonsOf(key('k1', 'tok_Q7vX2mK9pL4'))).toEqual([expect.stringMatching(/^only 11 of its 15 characters are random/)]);
    expect(reasonsOf(key('k1', 'tok_Q7vX2mK9pL4r'))).toEqual([]);
  });
});

describe('realistic tokens', () => {
  it.each(Object.entries(REALISTIC))('%s passes', (_, token) => {
    expect(reasonsOf(key('deploy-ci', token))).toEqual([]);
  });

  it("the embedded mock's minted keys pass, under every embedded key's name, draw after draw", () => {
    for (let draw = 0; draw < 20; draw++) {
      const tokens = embeddedTokens();
      const keys = Object.entries(tokens).map(([name, token]) => key(name, token));
      for (const k of keys) expect(reasonsOf(k, keys), k.name).toEqual([]);
    }
  });
});

describe('the command with a guessable token', () => {
  it('exits 3 naming the key and the fix, sends nothing, and prints no token', async () => {
    const server = await startRecordingServer();
    try {
      const dir = mkdtempSync(join(tmpdir(), 'bk-weak-token-'));
      const config = join(dir, 'deployment.json');
      writeFileSync(
        config,
        JSON.stringify({
          baseUrl: `${server.origin}/api/v1`,
          workspaceId: 'ws_1',
          buckets: { allowed: 'bkt_a', other: 'bkt_b' },
          keys: [
            { name: 'full', scopes: ['files:read'], bucketIds: null },
            { name: 'restricted', scopes: ['files:read'], bucketIds: ['bkt_a'] },
          ],
        }),
      );
      const env = {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        BUCKETKIT_KEY_FULL: REALISTIC['a prefixed live key'],
        BUCKETKIT_KEY_RESTRICTED: 'impl-restricted-token-fedcba987654',
      };
      const { code, output } = await new Promise<{ code: number; output: string }>((done, failed) => {
        const child = spawn(process.execPath, [BIN, 'conformance', '--config', config, '--report-dir', join(dir, 'report')], { env });
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        child.on('error', failed);
        child.on('close', (exit) => done({ code: exit ?? -1, output: text }));
      });
      expect(code, output).toBe(3);
      expect(output).toContain('key "restricted" ($BUCKETKIT_KEY_RESTRICTED): it holds "restricted"');
      expect(output).toContain('Fix: use a longer random token');
      expect(output).not.toContain('key "full"');
      expect(output).not.toContain(env.BUCKETKIT_KEY_RESTRICTED);
      expect(server.received).toEqual([]);
    } finally {
      await server.close();
    }
  }, 60_000);
});

describe("a key's name and env var", () => {
  // A token the config would refuse, as code that builds a redactor itself may still hold.
  const restricted = { name: 'restricted', env: 'BUCKETKIT_KEY_RESTRICTED', token: 'impl-restricted-token-fedcba987654' };
  const upper = { name: 'ci-bot', env: 'CI_BOT_TOKEN', token: 'CI_BOT_TOKEN-Q7vX2mK9pL4rT8wZ-ci-bot' };
  const redact = createRedactor([restricted, upper]);
  const texts = [
    'KEY-restricted-as-declared: the key "restricted" is served',
    'curl -H "Authorization: Bearer $BUCKETKIT_KEY_RESTRICTED" -H "Authorization: Bearer $CI_BOT_TOKEN"',
    JSON.stringify({
      keys: [
        { name: 'restricted', env: 'BUCKETKIT_KEY_RESTRICTED' },
        { name: 'ci-bot', env: 'CI_BOT_TOKEN' },
      ],
    }),
    'KEY-ci-bot-as-declared [redacted $CI_BOT_TOKEN] [redacted $BUCKETKIT_KEY_RESTRICTED]',
  ];

  it('are never redacted nor counted as a leak, while the token still is', () => {
    for (const text of texts) {
      expect(redact(text)).toBe(text);
      expect(redact.leaks(text), text).toBe(false);
    }
    expect(redact(`Bearer ${restricted.token}`)).toBe('Bearer [redacted $BUCKETKIT_KEY_RESTRICTED]');
    expect(redact(`x ${restricted.token.slice(0, 12)} y`)).toBe('x [redacted $BUCKETKIT_KEY_RESTRICTED] y');
    expect(redact(`Bearer ${upper.token}`)).toBe('Bearer [redacted $CI_BOT_TOKEN]');
  });

  it('are no finding of the scan after a run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-names-'));
    writeFileSync(join(dir, 'summary.md'), texts.join('\n'));
    expect(findLeaks(dir, [restricted, upper])).toEqual([]);
    writeFileSync(join(dir, 'junit.xml'), `<failure>${restricted.token}</failure>`);
    expect(findLeaks(dir, [restricted, upper]).map((l) => l.secrets.map((s) => s.name))).toEqual([['restricted']]);
  });
});
