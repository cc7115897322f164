// After a run against a mock that echoes keys in its error bodies, no artifact
// (summaries, JUnit, the HTML report and its embedded archive, the step titles
// of the query-key probes included) holds any form of any key; and the scanner
// itself finds planted keys, in plain files and inside the report's archive.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Summary } from '../report/summary.ts';
import { conformanceCli } from './support/cli-async.ts';
import { startVariant } from './support/variant.ts';
import { findLeaks, listFiles, textsOf } from '../report/leak-scan.ts';

describe('the key leak scan', () => {
  it('finds a key planted raw, base64-, URL-, form- or \\u-encoded in a file, and names the key', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bk-scan-'));
    const secret = { env: 'BUCKETKIT_KEY_X', token: 'bk_test~0123456789+/abcdef==' };
    writeFileSync(join(dir, 'clean.txt'), 'nothing here');
    writeFileSync(join(dir, 'raw.xml'), `<failure>${secret.token}</failure>`);
    writeFileSync(join(dir, 'b64.json'), JSON.stringify({ h: Buffer.from(`Bearer ${secret.token}`).toString('base64') }));
    writeFileSync(join(dir, 'url.md'), `?api_key=${encodeURIComponent(secret.token)}`);
    writeFileSync(join(dir, 'form.txt'), new URLSearchParams({ access_token: secret.token }).toString());
    writeFileSync(
      join(dir, 'escaped.json'),
      JSON.stringify({ detail: secret.token }).replace(/[~+/=]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
    );
    const leaks = findLeaks(dir, [secret, { env: 'BUCKETKIT_KEY_Y', token: 'bk_other_key_never_written' }]);
    expect(leaks.map((l) => l.file.slice(dir.length + 1)).sort()).toEqual(['b64.json', 'escaped.json', 'form.txt', 'raw.xml', 'url.md']);
    expect(leaks.every((l) => l.secrets.length === 1 && l.secrets[0].env === 'BUCKETKIT_KEY_X')).toBe(true);
  });

  it('finds no key in any artifact of a Playwright run whose server echoes keys in errors', async () => {
    const variant = await startVariant({ faults: ['key-echoed-in-error'] });
    try {
      const dir = mkdtempSync(join(tmpdir(), 'bk-leak-'));
      const config = join(dir, 'deployment.json');
      writeFileSync(config, JSON.stringify({ ...variant.config, overrides: { consistencyWindowMs: 1000 } }));
      const reportDir = join(dir, 'report');
      const run = await conformanceCli(['--config', config, '--grep', '@errors|@auth', '--report-dir', reportDir]);
      expect(run.status, run.stdout.slice(-2000)).toBe(1);
      const summary = JSON.parse(readFileSync(join(reportDir, 'summary.json'), 'utf8')) as Summary;
      // The echo is caught, and its failure record shows the body with the key redacted.
      expect(summary.checks.find((c) => c.id === 'ERR-key-not-echoed')?.status).toBe('fail');
      expect(summary.harnessProblems).toEqual([]);
      const files = listFiles(reportDir);
      const html = files.find((f) => f.endsWith('index.html'))!;
      expect(files.some((f) => f.endsWith('junit.xml'))).toBe(true);
      // The scan reads the report's embedded archive: the query-key probes' steps are there, naming the key's channel only.
      const archive = textsOf(readFileSync(html)).join('\n');
      expect(archive).toMatch(/GET \/[^"]* \(the key in \?access_token=\)/);
      const secrets = variant.keys.map((k) => ({
        env: `BUCKETKIT_KEY_${k.name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`,
        token: variant.token(k.name),
        name: k.name,
      }));
      expect(findLeaks(reportDir, secrets)).toEqual([]);
      expect(readFileSync(join(reportDir, 'summary.md'), 'utf8')).toContain('[redacted $BUCKETKIT_KEY_');
    } finally {
      await variant.close();
    }
  }, 300_000);
});
