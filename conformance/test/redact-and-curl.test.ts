// Redaction by value and curl reproduction with $ENV_VAR keys (the encodings in depth: redact-encodings.test.ts).
import { describe, expect, it } from 'vitest';
import { createRedactor, secretForms } from '../http/redact.ts';
import { buildCurl } from '../http/curl.ts';
import { describeResponse } from '../client/assert.ts';
import type { Exchange } from '../http/api-client.ts';
import { TEST_KEYS, encodedForms } from './support/key-encodings.ts';
import { findKey } from './support/key-oracle.ts';

const secret = { env: 'BUCKETKIT_KEY_FULL', token: 'bk_live_S3cr3t+/Token==' };
const redact = createRedactor([secret]);

describe('redaction', () => {
  it('replaces the raw key with the name of its env var', () => {
    expect(redact(`Authorization: Bearer ${secret.token}`)).toBe('Authorization: Bearer [redacted $BUCKETKIT_KEY_FULL]');
  });

  it('replaces the base64 and URL-encoded forms', () => {
    const b64 = Buffer.from(`Bearer ${secret.token}`).toString('base64');
    const url = encodeURIComponent(secret.token);
    for (const text of [b64, `?access_token=${url}`, Buffer.from(secret.token).toString('base64url')]) {
      expect(redact.leaks(text)).toBe(true);
      expect(redact(text)).not.toContain(secret.token);
      expect(redact.leaks(redact(text))).toBe(false);
    }
  });

  it('never shows part of a key in a cut response excerpt, wherever the cut falls', () => {
    const long = { env: 'BUCKETKIT_KEY_CI', token: 'bk_test_020e53dc640f22e91b7a4c03d5e6f7a8' };
    const own = createRedactor([long]);
    for (let at = 260; at <= 300; at += 5) {
      const text = `{"detail":"${'x'.repeat(at)}","key":"${long.token}"}`;
      const ex = { status: 401, text, shownText: own(text) } as Exchange;
      const shown = describeResponse(ex);
      expect(shown).not.toContain(long.token.slice(0, 12));
    }
    expect(own.leaks(`..."key":"${long.token.slice(0, 20)}…`)).toBe(true);
  });

  it('finds a key inside a longer base64 text, at any alignment', () => {
    for (const lead of ['', 'a', 'ab', 'abc']) {
      const b64 = Buffer.from(`{"detail":"${lead}${secret.token} is bad"}`).toString('base64');
      expect(redact.leaks(b64)).toBe(true);
    }
  });

  it('leaves text without keys alone', () => {
    expect(redact('nothing to see')).toBe('nothing to see');
    expect(secretForms(secret.token)).toContain(encodeURIComponent(secret.token));
  });
});

describe('curl reproduction', () => {
  it('names the key as "$ENV_VAR" in the header and never its value', () => {
    const curl = buildCurl(
      { method: 'GET', url: 'http://h/api/v1/workspaces', headers: { Authorization: `Bearer ${secret.token}`, 'X-Bucketkit-Run': 'bk1' } },
      [secret],
    );
    expect(curl).toBe(
      `curl -sS -i -X GET -H "Authorization: Bearer $BUCKETKIT_KEY_FULL" -H 'X-Bucketkit-Run: bk1' 'http://h/api/v1/workspaces'`,
    );
  });

  it('moves a query key to --url-query (curl encodes it) and keeps the other parameters in place', () => {
    const url = new URL('http://h/x?b=a%20b&c=%7E');
    url.searchParams.set('api_key', secret.token);
    const curl = buildCurl({ method: 'GET', url: url.toString(), headers: {} }, [secret]);
    expect(curl).toBe(`curl -sS -i -X GET --url-query "api_key=$BUCKETKIT_KEY_FULL" 'http://h/x?b=a+b&c=%7E'`);
  });

  it('quotes a body safely: quotes, $, backticks and ! stay literal, only the key is expanded', () => {
    const plain = buildCurl({ method: 'POST', url: 'http://h/x', headers: {}, body: `{"a":"it's $HOME"}` }, [secret]);
    expect(plain).toContain(`--data-raw '{"a":"it'\\''s $HOME"}'`);
    const keyed = buildCurl({ method: 'POST', url: 'http://h/x', headers: {}, body: `{"k":"${secret.token}","a":"$HOME \`x\` !"}` }, [
      secret,
    ]);
    expect(keyed).toContain(`--data-raw "{\\"k\\":\\"$BUCKETKIT_KEY_FULL\\",\\"a\\":\\"\\$HOME \\\`x\\\` "'!'"\\"}"`);
  });

  it('writes ${ENV} when a name character follows the key, so the shell reads the right variable', () => {
    const curl = buildCurl({ method: 'GET', url: `http://h/x/${secret.token}abc`, headers: {} }, [secret]);
    expect(curl).toContain('"http://h/x/${BUCKETKIT_KEY_FULL}abc"');
  });

  it('writes a Basic header that carries a key as -u, so curl encodes it', () => {
    const basic = `Basic ${Buffer.from(`ci:${secret.token}`).toString('base64')}`;
    const curl = buildCurl({ method: 'GET', url: 'http://h/x', headers: { Authorization: basic } }, [secret]);
    expect(curl).toBe(`curl -sS -i -X GET -u "ci:$BUCKETKIT_KEY_FULL" 'http://h/x'`);
  });

  it('cuts a long body after 2048 characters without ever cutting a key in half', () => {
    const body = `${'x'.repeat(2040)}${secret.token}${'y'.repeat(100)}`;
    const curl = buildCurl({ method: 'POST', url: 'http://h/x', headers: {}, body }, [secret]);
    expect(curl).toContain(`${'$'}{BUCKETKIT_KEY_FULL}${'y'.repeat(8)}…`);
    expect(findKey(curl, secret.token)).toBeUndefined();
  });

  it.each(Object.entries(TEST_KEYS))('never writes the %s key in any encoding, in a header, the URL or the body', (name, token) => {
    const secrets = [{ env: `BUCKETKIT_KEY_${name.toUpperCase()}`, token }];
    for (const form of encodedForms(token)) {
      const curl = buildCurl(
        {
          method: 'POST',
          url: `http://h/x/${encodeURIComponent(form.text)}?q=${encodeURIComponent(form.text)}&access_token=${encodeURIComponent(token)}`,
          headers: { Authorization: `Bearer ${token}`, 'X-Echo': form.text },
          body: JSON.stringify({ echo: form.text }),
        },
        secrets,
      );
      expect(findKey(curl, token), form.name).toBeUndefined();
      expect(curl, form.name).toContain(`"access_token=$${secrets[0].env}"`);
    }
  });
});
