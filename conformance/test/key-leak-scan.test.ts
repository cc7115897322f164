// After a run against a mock that echoes keys in its error bodies, no artifact
// (summary, JUnit, Playwright JSON and HTML report, its embedded zip included)
// holds any form of any key; and the scanner itself finds planted keys. The same
// through the CLI, against a server that echoes every encoding: cli-key-leak.test.ts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../cli/run-conformance.ts';
import { createRedactor } from '../http/redact.ts';
import { findLeaks, listFiles } from '../report/scrub.ts';

describe('the key leak scan', () => {
  it('finds a key planted raw, base64-, URL-, form- or \\u-encoded in a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-scan-'));
    const token = 'bk_test~0123456789+/abcdef==';
    const redact = createRedactor([{ env: 'BUCKETKIT_KEY_X', token }]);
    writeFileSync(join(dir, 'clean.txt'), 'nothing here');
    writeFileSync(join(dir, 'raw.xml'), `<failure>${token}</failure>`);
    writeFileSync(join(dir, 'b64.json'), JSON.stringify({ h: Buffer.from(`Bearer ${token}`).toString('base64') }));
    writeFileSync(join(dir, 'url.md'), `?api_key=${encodeURIComponent(token)}`);
    writeFileSync(join(dir, 'form.txt'), new URLSearchParams({ access_token: token }).toString());
    writeFileSync(
      join(dir, 'escaped.json'),
      JSON.stringify({ detail: token }).replace(/[~+/=]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
    );
    expect(
      findLeaks(dir, redact)
        .map((p) => p.slice(dir.length + 1))
        .sort(),
    ).toEqual(['b64.json', 'escaped.json', 'form.txt', 'raw.xml', 'url.md']);
  });

  it('finds no key in any artifact of a run whose server echoes keys in errors', async () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'bk-leak-'));
    const { summary, redact } = await runConformance({
      faults: ['key-echoed-in-error'],
      level: 'profile',
      readOnly: false,
      grep: '@errors|@auth',
      reportDir,
      workers: 2,
      quiet: true,
      resultsFile: 'playwright.json',
      env: { ...process.env, BUCKETKIT_CONFIG: '', BUCKETKIT_BASE_URL: '' },
    });
    // The echo is caught, and its failure record shows the body with the key redacted.
    const echoed = summary.checks.find((c) => c.id === 'ERR-key-not-echoed');
    expect(echoed?.status).toBe('fail');
    expect(summary.harnessProblems).toEqual([]);
    const files = listFiles(reportDir);
    expect(files.some((f) => f.endsWith('index.html'))).toBe(true);
    expect(files.some((f) => f.endsWith('junit.xml'))).toBe(true);
    expect(findLeaks(reportDir, redact)).toEqual([]);
    expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain('[redacted $BUCKETKIT_KEY_');
  }, 120_000);
});
