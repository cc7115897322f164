// What the redactor must leave alone: the mock's own answers, English text, ids, hashes
// and base64 of other data, and the public words of structured keys (`bk_test_`, key
// names), which check titles, ids and run settings show; the secret part never survives.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultTokenEnv } from '../config/load-config.ts';
import { embeddedTokens } from '../embedded/embedded-keys.ts';
import { startEmbeddedTarget, type EmbeddedTarget } from '../embedded/embedded-target.ts';
import { createRedactor } from '../http/redact.ts';
import { TEST_KEYS } from './support/key-encodings.ts';
import { findKeyRuns } from './support/key-oracle.ts';

/** Where two texts first differ (-1: equal): a failure shows a position, not the text. */
function firstDifference(a: string, b: string): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

/** `bytes` pseudo-random bytes that are the same in every run (a SHA-256 chain). */
function seededBytes(bytes: number): Buffer {
  const blocks = Array.from({ length: Math.ceil(bytes / 32) }, (_, i) => createHash('sha256').update(`block ${i}`).digest());
  return Buffer.concat(blocks).subarray(0, bytes);
}

const embedded = embeddedTokens();
// Keys of a structured format (a random part shared by a set of keys, then each key's name), as some services mint.
const run = createHash('sha256').update('a structured key set').digest().subarray(0, 12).toString('base64url');
const structured = Object.fromEntries(Object.keys(embedded).map((name) => [name, `bk_test_${run}_${name}`]));
const secrets = [
  ...Object.entries(embedded).map(([name, token]) => ({ env: defaultTokenEnv(name), token })),
  ...Object.entries(structured).map(([name, token]) => ({ env: `${defaultTokenEnv(name)}_STRUCTURED`, token })),
  ...Object.entries(TEST_KEYS).map(([name, token]) => ({ env: defaultTokenEnv(name), token })),
  { env: 'BUCKETKIT_KEY_MINTED', token: 'bk_test_9f3c2a7e5b1d4c6a8e0f2b4d6c8a1e3f' },
];
const redact = createRedactor(secrets);

function expectUnchanged(name: string, text: string): void {
  expect(firstDifference(redact(text), text), name).toBe(-1);
  expect(redact.leaks(text), name).toBe(false);
}

describe('ordinary text', () => {
  let target: EmbeddedTarget;
  beforeAll(async () => {
    target = await startEmbeddedTarget([], embedded);
  });
  afterAll(() => target?.close());

  it("leaves the mock's answers (lists of workspaces, buckets and files, a refusal) unchanged", async () => {
    const { baseUrl, workspaceId, buckets } = target.config;
    const full = target.config.keys.find((k) => k.name === 'full')!.token!;
    const paths = [
      '/workspaces',
      `/workspaces/${workspaceId}/buckets`,
      `/workspaces/${workspaceId}/buckets/${buckets.allowed}/files?limit=50`,
    ];
    for (const path of paths) {
      const res = await fetch(`${baseUrl}${path}`, { headers: { Authorization: `Bearer ${full}` } });
      const body = await res.text();
      expect(res.status, path).toBe(200);
      expect(body.length, path).toBeGreaterThan(50);
      expectUnchanged(path, body);
      expectUnchanged(`${path} headers`, JSON.stringify(Object.fromEntries(res.headers)));
    }
    const refused = await fetch(`${baseUrl}${paths[1]}`);
    expectUnchanged('a refusal', await refused.text());
  });

  it('leaves English text, ids, hashes and base64 of other data unchanged', () => {
    const random = seededBytes(3000);
    const texts = {
      'the conformance guide': readFileSync(new URL('../README.md', import.meta.url), 'utf8'),
      'the mock guide': readFileSync(new URL('../../mocks/README.md', import.meta.url), 'utf8'),
      ids: 'file_abc123 bkt_6a2edbdb ws_echo bucketkit-conformance/bkmf3k2x9a1/ f_4516 KEY-full-scopes-and-buckets',
      'a UUID and a SHA-256': `${crypto.randomUUID()} ${createHash('sha256').update('report').digest('hex')}`,
      'base64 of other bytes': random.toString('base64'),
      'base64url of other bytes': random.toString('base64url'),
      'base64 of other bytes, wrapped at 76 columns': random.toString('base64').replace(/.{76}/g, '$&\r\n'),
      'base64 of base64 of other bytes': Buffer.from(random.subarray(0, 600).toString('base64')).toString('base64'),
      'escaped JSON': JSON.stringify({ path: 'dir/a b~c.txt', q: encodeURIComponent('x+y/z=~'), s: 'line\nnext "quoted"' }),
    };
    for (const [name, text] of Object.entries(texts)) expectUnchanged(name, text);
  });
});

describe('structured keys: public words stay, the secret part goes', () => {
  const readonly = structured.readonly;
  const prefix = readonly.slice(0, readonly.lastIndexOf('_') + 1);

  it('keeps key names, `bk_test_` and run settings readable', () => {
    const settings = JSON.stringify({ keys: Object.keys(structured).map((name) => ({ name, env: defaultTokenEnv(name) })) }, null, 2);
    const texts = [
      'the key "readonly" is served on a route of each scope it declares',
      'KEY-only-files-read-scoped, KEY-restricted-buckets',
      'minted keys look like bk_test_…, and bk_test_ is their prefix',
      'name: _readonly, _only-files-read, _restricted',
      settings,
    ];
    for (const text of texts) expectUnchanged(text.slice(0, 30), text);
  });

  it('leaves ordered runs of a hand-made key (0123456789) alone in an ASCII table, and redacts what reaches past them', () => {
    const handMade = createRedactor([{ env: 'BUCKETKIT_KEY_FULL', token: 'bk_test_full_0123456789' }]);
    // Code that prints characters holds such a table; the HTML report's script does.
    const table = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
    expect(handMade(table) === table).toBe(true);
    expect(handMade(`key full_01234567 sent`)).toBe('key [redacted $BUCKETKIT_KEY_FULL] sent');
    expect(handMade(`key bk_test_full_ sent`)).toBe('key [redacted $BUCKETKIT_KEY_FULL] sent');
  });

  it('names the key whose run goes on longest, though all share their random prefix', () => {
    expect(redact(`Bearer ${readonly}`)).toBe('Bearer [redacted $BUCKETKIT_KEY_READONLY_STRUCTURED]');
    expect(redact(`Bearer ${structured.full}.`)).toBe('Bearer [redacted $BUCKETKIT_KEY_FULL_STRUCTURED].');
  });

  it('redacts the random part wherever it shows without the name, even 8 characters of it', () => {
    const random = prefix.slice('bk_test_'.length, -1);
    for (const text of [prefix, random, random.slice(4, 12)]) {
      const shown = redact(`[${text}]`);
      expect(shown).toMatch(/^\[\[redacted \$BUCKETKIT_KEY_[A-Z_]+\]\]$/);
      expect(findKeyRuns(shown, readonly)).toEqual([]);
    }
    const b64 = Buffer.from(`Bearer ${prefix}`).toString('base64');
    expect(findKeyRuns(b64, readonly).length).toBeGreaterThan(0);
    expect(findKeyRuns(redact(b64), readonly)).toEqual([]);
  });
});
