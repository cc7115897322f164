// Redaction by value (raw, base64, URL-encoded) and curl reproduction with $ENV_VAR keys.
import { describe, expect, it } from 'vitest';
import { createRedactor, secretForms } from '../http/redact.ts';
import { buildCurl } from '../http/curl.ts';
import { describeResponse } from '../checks/assert.ts';
import type { Exchange } from '../http/api-client.ts';

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
    expect(curl).not.toContain(secret.token);
  });

  it('swaps a key in the query string and quotes a body safely', () => {
    const curl = buildCurl(
      { method: 'POST', url: `http://h/x?api_key=${encodeURIComponent(secret.token)}`, headers: {}, body: `{"a":"it's"}` },
      [secret],
    );
    expect(curl).toContain(`"http://h/x?api_key=$BUCKETKIT_KEY_FULL"`);
    expect(curl).toContain(`--data-binary '{"a":"it'\\''s"}'`);
  });
});

describe('the report archive rewrite', () => {
  it('writes a zip that reads back to the same entries', async () => {
    const { zipEntries, unzipEntries } = await import('../report/zip.ts');
    const entries = [
      { name: 'report.json', data: Buffer.from('{"ok":true}') },
      { name: 'b/ü.txt', data: Buffer.from('x'.repeat(5000)) },
    ];
    expect(unzipEntries(zipEntries(entries))).toEqual(entries);
  });
});
