// Redaction of keys made of every b64token character, in every encoding a client or
// server produces (each made by a real encoder), checked by an independent detector.
import { describe, expect, it } from 'vitest';
import { createRedactor, secretForms } from '../http/redact.ts';
import { TEST_KEYS, encodedForms } from './support/key-encodings.ts';
import { findKey } from './support/key-oracle.ts';

const secrets = Object.entries(TEST_KEYS).map(([name, token]) => ({ env: `BUCKETKIT_KEY_${name.toUpperCase()}`, token }));
const redact = createRedactor(secrets);

describe.each(secrets)('the key $env', ({ env, token }) => {
  const forms = encodedForms(token);

  it('is found by the independent detector in every encoding (so the checks below can fail)', () => {
    for (const form of forms) expect(findKey(form.text, token), form.name).toBeDefined();
  });

  it.each(forms)('is seen and fully redacted in its $name form', ({ text }) => {
    const payload = `before ${text} after`;
    expect(redact.leaks(payload)).toBe(true);
    const shown = redact(payload);
    expect(findKey(shown, token)).toBeUndefined();
    expect(redact.leaks(shown)).toBe(false);
    expect(shown).toContain(`[redacted $${env}]`);
    expect(shown.startsWith('before ') && shown.endsWith(' after')).toBe(true);
  });

  it('is redacted when every encoding shows at once, next to the other keys', () => {
    const text = [...forms.map((f) => f.text), ...secrets.map((s) => s.token)].join('\n');
    const shown = redact(text);
    for (const other of secrets) expect(findKey(shown, other.token), other.env).toBeUndefined();
  });

  it('keeps what follows the key intact', () => {
    expect(redact(`${token}&next=1`)).toBe(`[redacted $${env}]&next=1`);
    expect(redact(`"${encodeURIComponent(token)}"}`)).toBe(`"[redacted $${env}]"}`);
  });

  it('leaves a text that shares fewer than 8 characters with the key intact', () => {
    const text = `${token.slice(0, 7)}#not-the-key-${'q'.repeat(token.length)}`;
    expect(redact.leaks(text)).toBe(false);
    expect(redact(text)).toBe(text);
    // 4 bytes of the key give 5 base64 characters of it.
    const b64 = Buffer.from(`${token.slice(0, 4)}#not the key`).toString('base64');
    expect(redact(b64)).toBe(b64);
  });
});

describe('redaction beyond the encodings', () => {
  const long = TEST_KEYS.dotted;

  it('redacts the first half of a long key (a cut excerpt), and only that', () => {
    const half = long.slice(0, Math.ceil(long.length / 2));
    expect(redact(`${half}…`)).toBe('[redacted $BUCKETKIT_KEY_DOTTED]…');
    expect(redact(`${half}ZZ`)).toBe('[redacted $BUCKETKIT_KEY_DOTTED]ZZ');
  });

  it('leaves text full of other escapes and base64 unchanged', () => {
    const text = JSON.stringify({ path: 'a b/c~d', q: encodeURIComponent('x+y/z=~'), b: Buffer.from('hello world').toString('base64') });
    const escaped = text.replace(/[~/]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    for (const t of [text, escaped, encodeURIComponent(text)]) {
      expect(redact.leaks(t)).toBe(false);
      expect(redact(t)).toBe(t);
    }
  });

  it('finds a key that is the start of another key as itself, and the longer key as the longer one', () => {
    const own = createRedactor([
      { env: 'SHORT', token: 'bk_prefix~key' },
      { env: 'LONG', token: 'bk_prefix~key+more/=' },
    ]);
    expect(own('a=bk_prefix~key+more/= b=bk_prefix%7Ekey')).toBe('a=[redacted $LONG] b=[redacted $SHORT]');
  });

  it('redacts a configured token outside b64token (a space, non-ASCII letters) in its encodings too', () => {
    const token = 'bk clé€ secret';
    const own = createRedactor([{ env: 'ODD', token }]);
    const json = JSON.stringify({ token }).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    for (const text of [token, encodeURIComponent(token), new URLSearchParams({ token }).toString(), json]) {
      expect(own.leaks(text), text).toBe(true);
      expect(findKey(own(text), token), text).toBeUndefined();
    }
  });

  it('lists the literal forms the patterns are built from', () => {
    const forms = secretForms(TEST_KEYS.padded);
    expect(forms).toContain(TEST_KEYS.padded);
    expect(forms).toContain(encodeURIComponent(TEST_KEYS.padded));
    expect(forms).toContain(new URLSearchParams({ k: TEST_KEYS.padded }).toString().slice(2));
  });

  it('redacts a megabyte of JSON with four keys in well under a second', () => {
    const body = JSON.stringify(
      Array.from({ length: 6000 }, (_, i) => ({
        id: `f_${i}`,
        path: `dir/%20s\\u00e9/file-${i}.txt`,
        description: 'Lorem ipsum dolor sit amet',
      })),
    );
    const withKey = `${body.slice(0, 500_000)}${TEST_KEYS.every}${body.slice(500_000)}`;
    const started = performance.now();
    const shown = redact(withKey);
    const elapsed = performance.now() - started;
    expect(shown).toContain('[redacted $BUCKETKIT_KEY_EVERY]');
    expect(elapsed).toBeLessThan(400);
  });
});
