// The artifact scan after a run finds keys in pieces too: planted cut, wrapped or nested
// in summaries, JUnit, run records and inside the HTML report's embedded archive, each is
// found (and the independent detector agrees), and the guard redacts it in place (deletes
// only what cannot be rewritten safely) and reports it.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guardArtifacts } from '../engine/artifact-guard.ts';
import type { PreparedTarget } from '../engine/prepare-target.ts';
import { createRedactor } from '../http/redact.ts';
import { findLeaks } from '../report/leak-scan.ts';
import { buildSummary } from '../report/summary.ts';
import { filesUnder, scanForKeys, scanText, textsOfFile, zipOf } from './support/artifact-scan.ts';
import { TEST_KEYS, cutForms } from './support/key-encodings.ts';
import { summaryCheck } from './support/summary-checks.ts';

const KEYS = { minted: 'bk_test_9f3c2a7e5b1d4c6a8e0f2b4d6c8a1e3f', every: TEST_KEYS.every };
const secrets = Object.entries(KEYS).map(([name, token]) => ({ name, env: `BUCKETKIT_KEY_${name.toUpperCase()}`, token }));

/** A fresh report dir holding the given files (paths relative to it). */
function reportDirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'bk-fragments-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** An HTML report page whose data is a base64 zip holding the given entries, as Playwright's report embeds it. */
function htmlReport(entries: { name: string; data: string }[]): string {
  const zip = zipOf(entries).toString('base64');
  return `<!DOCTYPE html><html><body><script>window.playwrightReportBase64 = "data:application/zip;base64,${zip}";</script></body></html>`;
}

const relativeFiles = (dir: string, files: string[]) => files.map((f) => f.slice(dir.length + 1)).sort();

describe.each(secrets)('the scan, for $env in pieces', ({ env, token }) => {
  it.each(cutForms(token))('finds it $name, in a file and inside the report archive', ({ name, text }) => {
    const dir = reportDirWith({
      'summary.md': `# Run\n\n${text}\n`,
      'html/index.html': htmlReport([{ name: 'data/check.json', data: JSON.stringify({ title: 'a check', detail: text }) }]),
      'junit.xml': '<testsuites><testsuite name="clean"/></testsuites>',
    });
    const leaks = findLeaks(dir, secrets);
    expect(
      relativeFiles(
        dir,
        leaks.map((l) => l.file),
      ),
      name,
    ).toEqual(['html/index.html', 'summary.md']);
    expect(leaks.every((l) => l.secrets.length === 1 && l.secrets[0].env === env)).toBe(true);
    // The planted pieces are real: the independent detector sees them too, the archive's entry included.
    const seen = new Set(scanForKeys(dir, KEYS).map((l) => l.where));
    expect(seen.has('summary.md') && seen.has('html/index.html!data/check.json'), name).toBe(true);
  });
});

describe('the artifact guard', () => {
  const token = KEYS.minted;
  const [head, tail] = [token.slice(0, 16), token.slice(16)];
  const planted = {
    'summary.md': `| check | reason |\n|---|---|\n| AUTH-1 | echoed ${head}\n${tail} back |\n`,
    'summary.json': JSON.stringify({ failure: { keyStart: head, keyEnd: tail } }, null, 2),
    'junit.xml': `<property name="url" value="?a=${encodeURIComponent(head)}&amp;b=${encodeURIComponent(tail)}"/>`,
    'run/records.jsonl': `${JSON.stringify({ id: 'ERR-1', detail: `key ${head}\n${tail}` })}\n`,
    'html/index.html': htmlReport([
      {
        name: 'report.json',
        data: JSON.stringify({ nested: Buffer.from(Buffer.from(`Bearer ${token}`).toString('base64')).toString('base64') }),
      },
      {
        name: 'trace.txt',
        data: Buffer.from(`${'-'.repeat(50)}Bearer ${token}`)
          .toString('base64')
          .replace(/.{76}/g, '$&\r\n'),
      },
    ]),
  };
  const harmless = {
    'run/settings.json': JSON.stringify({ keys: [{ name: 'minted', env: 'BUCKETKIT_KEY_MINTED' }] }),
    'run/short.txt': `seven characters of a key: ${token.slice(9, 16)}`,
  };

  it('finds every planted file and only those, naming the key', () => {
    const dir = reportDirWith({ ...planted, ...harmless });
    const leaks = findLeaks(dir, secrets);
    expect(
      relativeFiles(
        dir,
        leaks.map((l) => l.file),
      ),
    ).toEqual(Object.keys(planted).sort());
    expect(leaks.every((l) => l.secrets.map((s) => s.env).join() === 'BUCKETKIT_KEY_MINTED')).toBe(true);
    expect(new Set(scanForKeys(dir, KEYS).map((l) => l.where.split('!')[0]))).toEqual(new Set(Object.keys(planted)));
  });

  it("does not take a structured key's public words (its prefix, its name) for a leak", () => {
    const readonly = { env: 'BUCKETKIT_KEY_READONLY', token: 'bk_test_5e0c9a1f7d3b2e48_readonly' };
    const settings = JSON.stringify({ keys: [{ name: 'readonly', env: readonly.env }], tokens: 'bk_test_…' }, null, 2);
    const dir = reportDirWith({ 'run/settings.json': settings, 'summary.md': 'the key "readonly" is served' });
    expect(findLeaks(dir, [readonly])).toEqual([]);
    // Twelve hex characters of its secret are 48 bits: a leak (see the next test for fewer).
    writeFileSync(join(dir, 'summary.md'), `the key "readonly" (${readonly.token.slice(0, 20)}…) is served`);
    expect(
      relativeFiles(
        dir,
        findLeaks(dir, [readonly]).map((l) => l.file),
      ),
    ).toEqual(['summary.md']);
  });

  describe('a piece of a key that turns up by chance', () => {
    const hexKey = { name: 'hex', env: 'BUCKETKIT_KEY_HEX', token: 'bk_live_9f3c2a7e5b1d4c6a8e0f2b4d6c8a1e3f' };
    const base62Key = { name: 'b62', env: 'BUCKETKIT_KEY_B62', token: 'bk_live_Q7xZ2mKp9WcR4tLv8NbY3hDf' };
    const digitsKey = { name: 'pin', env: 'BUCKETKIT_KEY_PIN', token: '40719238561' };
    const keys = [hexKey, base62Key, digitsKey];
    /** A report page listing hex ids, one of which holds the given text in its middle. */
    const hexPage = (inside: string) =>
      Array.from(
        { length: 200 },
        (_, i) => `"sha1": "${i === 100 ? `0a1b${inside}2c3d` : (i * 7919).toString(16).padStart(40, 'e')}"`,
      ).join('\n');
    const leaksIn = (text: string) => findLeaks(reportDirWith({ 'trace.txt': text }), keys).flatMap((l) => l.secrets.map((s) => s.name));

    it('is no leak when it carries fewer bits than 8 random base62 characters: 8 to 11 characters of a hex key', () => {
      for (const size of [8, 11]) expect(leaksIn(hexPage(hexKey.token.slice(12, 12 + size))), `${size}`).toEqual([]);
    });

    it('is a leak from 12 characters of a hex key, 8 of a base62 key, and the whole of a key with less secret than that', () => {
      expect(leaksIn(hexPage(hexKey.token.slice(12, 24)))).toEqual(['hex']);
      expect(leaksIn(`id ${base62Key.token.slice(10, 18)} id`)).toEqual(['b62']);
      expect(leaksIn(`pin ${digitsKey.token} pin`)).toEqual(['pin']);
      expect(leaksIn(`pin ${digitsKey.token.slice(0, 10)} pin`)).toEqual([]);
    });

    it('is still redacted from what the suite writes, at 8 characters', () => {
      const redact = createRedactor(keys);
      expect(redact(`id ${hexKey.token.slice(12, 20)} id`)).toBe('id [redacted $BUCKETKIT_KEY_HEX] id');
    });
  });

  /** A prepared target over the dir, with the test's keys, and a summary of one failing check. */
  function guardedRun(dir: string) {
    const target = { target: { name: 't', runDir: join(dir, 'run'), reportDir: dir }, settings: {}, secrets } as unknown as PreparedTarget;
    const summary = buildSummary(
      {
        runId: 'bk1',
        baseUrl: 'http://127.0.0.1:1/api/v1',
        level: 'core',
        readOnly: false,
        checks: [summaryCheck('AUTH-1', 'fail')],
        harnessProblems: [],
      },
      ['GET /a'],
    );
    return guardArtifacts([target], [summary], dir);
  }

  it('redacts each file holding a piece in place, reports each naming the file and the key, and leaves no piece behind', () => {
    const dir = reportDirWith({ ...planted, ...harmless });
    const { summaries, leaks } = guardedRun(dir);
    expect(leaks[0]).toHaveLength(Object.keys(planted).length);
    const problems = summaries[0].harnessProblems;
    expect(problems).toHaveLength(Object.keys(planted).length);
    for (const file of Object.keys(planted))
      expect(problems).toContain(
        `the key "minted" ($BUCKETKIT_KEY_MINTED) reached ${file}; it was redacted in place. This is a bug of the suite: please report it.`,
      );
    // Every file stays; none holds a piece of a key any more.
    expect(relativeFiles(dir, filesUnder(dir))).toEqual([...Object.keys(planted), ...Object.keys(harmless)].sort());
    expect(scanForKeys(dir, KEYS)).toEqual([]);
    expect(scanText('the problems', problems.join('\n'), KEYS)).toEqual([]);
    // The records keep their shape: each JSON line still parses, with the key redacted where it was.
    const record = JSON.parse(readFileSync(join(dir, 'run/records.jsonl'), 'utf8')) as { id: string; detail: string };
    expect(record).toEqual({ id: 'ERR-1', detail: expect.stringMatching(/^key \[redacted \$BUCKETKIT_KEY_MINTED\]/) });
    // The HTML report's archive is rebuilt: the independent reader opens both entries, redacted.
    const entries = textsOfFile(join(dir, 'html/index.html'), 'index.html').slice(1);
    expect(entries.map((e) => e.where)).toEqual(['index.html!report.json', 'index.html!trace.txt']);
    expect(entries[1].text).toContain('[redacted $BUCKETKIT_KEY_MINTED]');
    expect(JSON.parse(entries[0].text)).toEqual({ nested: expect.any(String) });
  });

  it('deletes only what cannot be rewritten safely, saying which and why', () => {
    const binary = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]), Buffer.from(`tEXt key ${token}`), Buffer.alloc(8)]);
    const dir = reportDirWith({ 'summary.md': `echoed ${token}`, 'run/settings.json': harmless['run/settings.json'] });
    mkdirSync(join(dir, 'html/data'), { recursive: true });
    writeFileSync(join(dir, 'html/data/shot.png'), binary);
    writeFileSync(join(dir, 'html/data/trace.zip'), zipOf([{ name: 'trace.network', data: `{"auth":"Bearer ${token}"}` }]));
    const problems = guardedRun(dir).summaries[0].harnessProblems;
    expect(problems.sort()).toEqual([
      'the key "minted" ($BUCKETKIT_KEY_MINTED) reached html/data/shot.png; the file was deleted: it is no text (it holds NUL bytes), so redacting characters would corrupt it. This is a bug of the suite: please report it.',
      'the key "minted" ($BUCKETKIT_KEY_MINTED) reached html/data/trace.zip; it was redacted in place. This is a bug of the suite: please report it.',
      'the key "minted" ($BUCKETKIT_KEY_MINTED) reached summary.md; it was redacted in place. This is a bug of the suite: please report it.',
    ]);
    expect(relativeFiles(dir, filesUnder(dir))).toEqual([
      'html/data/trace.zip',
      'junit.xml',
      'run/settings.json',
      'summary.json',
      'summary.md',
    ]);
    expect(scanForKeys(dir, KEYS)).toEqual([]);
    const [, entry] = textsOfFile(join(dir, 'html/data/trace.zip'), 'trace.zip');
    expect(JSON.parse(entry.text)).toEqual({ auth: 'Bearer [redacted $BUCKETKIT_KEY_MINTED]' });
  });
});
