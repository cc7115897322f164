// Keys in pieces: every run of 8 or more characters of a key or of one of its encodings,
// cut across JSON fields, lines, `\n` escapes, MIME wrapping or nested in base64, is
// redacted; the independent detector (support/key-oracle.ts) proves no such run is left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../http/redact.ts';
import { startEchoServer, type EchoServer } from './support/echo-server.ts';
import { TEST_KEYS, cutForms, encodedForms } from './support/key-encodings.ts';
import { findKeyRuns, keyRunFinder } from './support/key-oracle.ts';

/** The test keys, and one minted the way the mock mints them (`bk_test_` and 32 hex digits). */
const KEYS: Record<string, string> = { ...TEST_KEYS, minted: 'bk_test_9f3c2a7e5b1d4c6a8e0f2b4d6c8a1e3f' };
const secrets = Object.entries(KEYS).map(([name, token]) => ({ env: `BUCKETKIT_KEY_${name.toUpperCase()}`, token }));
const redact = createRedactor(secrets);
const anyKeyRun = keyRunFinder(KEYS);

/** Where two texts first differ (-1: equal), so that a failure shows a position and never a key. */
function firstDifference(a: string, b: string): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe.each(secrets)('the key $env, cut in pieces', ({ env, token }) => {
  const forms = cutForms(token);

  it('shows in every cut form, to the independent detector (so the checks below can fail)', () => {
    for (const form of forms) expect(findKeyRuns(form.text, token).length, form.name).toBeGreaterThan(0);
  });

  it.each(forms)('leaves no run of 8 characters in its $name form', ({ text }) => {
    const shown = redact(`before ${text} after`);
    expect(findKeyRuns(shown, token)).toEqual([]);
    expect(shown).toContain(`[redacted $${env}]`);
    expect(shown.startsWith('before ') && shown.endsWith(' after')).toBe(true);
    expect(redact.leaks(`before ${text} after`)).toBe(true);
    expect(redact.leaks(shown)).toBe(false);
  });

  it('leaves no run of 8 characters in any of its whole encodings either', () => {
    for (const form of encodedForms(token)) expect(findKeyRuns(redact(form.text), token), form.name).toEqual([]);
  });

  it('keeps JSON parseable: what lay between two pieces stays', () => {
    for (const form of forms.filter((f) => /^[[{]/.test(f.text))) expect(() => JSON.parse(redact(form.text)), form.name).not.toThrow();
  });

  it('redacts a piece shorter than 8 characters when the key goes on across the cut', () => {
    const mark = `[redacted $${env}]`;
    const cases = [
      [`${token.slice(0, 3)}\n${token.slice(3)}`, `${mark}\n${mark}`],
      [JSON.stringify({ a: token.slice(0, 3), b: token.slice(3) }), `{"a":"${mark}","b":"${mark}"}`],
      [JSON.stringify({ d: `${token.slice(0, 5)}\n${token.slice(5)}` }), `{"d":"${mark}\\n${mark}"}`],
      [`x ${token.slice(0, 4)}  \r\n    ${token.slice(4)} y`, `x ${mark}  \r\n    ${mark} y`],
    ];
    for (const [text, expected] of cases) expect(firstDifference(redact(text), expected)).toBe(-1);
  });
});

describe('an echo server answering with every key cut, wrapped and nested', () => {
  let server: EchoServer;
  beforeAll(async () => {
    server = await startEchoServer(Object.values(KEYS));
  });
  afterAll(() => server?.close());

  /** The server's answer to a request presenting `token`, as JSON or as plain text: status line, headers and body. */
  async function answer(token: string, accept: string): Promise<string> {
    const res = await fetch(`${server.baseUrl}/workspaces`, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
    return `${res.status}\n${JSON.stringify(Object.fromEntries(res.headers))}\n${await res.text()}`;
  }

  it.each(['application/json', 'text/plain'])('leaves no run of 8 characters of any key in its %s answers', async (accept) => {
    for (const [name, token] of Object.entries(KEYS)) {
      const raw = await answer(token, accept);
      // The answer holds every cut form, and the detector sees the key in it.
      for (const form of cutForms(token))
        expect(raw.includes(accept === 'text/plain' ? form.text : JSON.stringify(form.name)), form.name).toBe(true);
      expect(findKeyRuns(raw, token).length, name).toBeGreaterThan(0);
      const shown = redact(raw);
      expect(anyKeyRun(shown), name).toEqual([]);
      expect(shown).toContain(`[redacted $BUCKETKIT_KEY_${name.toUpperCase()}]`);
    }
  });

  it('has the JSON answer split the key 40/60 into two top-level fields, and both are redacted', async () => {
    const [name, token] = Object.entries(KEYS)[0];
    const body = (await answer(token, 'application/json')).split('\n')[2];
    const parsed = JSON.parse(redact(body)) as { keyStart: string; keyEnd: string };
    const mark = `[redacted $BUCKETKIT_KEY_${name.toUpperCase()}]`;
    expect([parsed.keyStart, parsed.keyEnd]).toEqual([mark, mark]);
  });
});
