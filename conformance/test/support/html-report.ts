// Reads Playwright's HTML report of a run as its page shows it: the report
// archive embedded in index.html (report.json and one file per test file),
// so a test can compare the header's counts and each test's outcome with
// summary.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipEntries } from '../../report/zip-reader.ts';

export interface HtmlReport {
  /** The header's counts: expected (passed), unexpected (failed), flaky, skipped. */
  stats: { total: number; expected: number; unexpected: number; flaky: number; skipped: number };
  /** Each test's title and outcome ("expected", "unexpected", "skipped", "flaky") with its annotations. */
  tests: { title: string; outcome: string; annotations: { type: string; description?: string }[] }[];
  /** The report's title (the kit writes the verdict and every outcome's count there). */
  title?: string;
}

/** The HTML report in `htmlDir`. */
export function readHtmlReport(htmlDir: string): HtmlReport {
  const page = readFileSync(join(htmlDir, 'index.html'), 'utf8');
  const archive = /id="playwrightReportBase64">data:application\/zip;base64,([A-Za-z0-9+/=]+)/.exec(page)?.[1];
  if (!archive) throw new Error(`${htmlDir}/index.html embeds no report archive`);
  const entries = new Map(unzipEntries(Buffer.from(archive, 'base64')).map((e) => [e.name, e.data.toString('utf8')]));
  const report = JSON.parse(entries.get('report.json')!) as {
    stats: HtmlReport['stats'];
    options?: { title?: string };
    files: { fileId: string }[];
  };
  const tests = report.files.flatMap((file) => {
    const detail = JSON.parse(entries.get(`${file.fileId}.json`)!) as { tests: HtmlReport['tests'] };
    return detail.tests.map((t) => ({ title: t.title, outcome: t.outcome, annotations: t.annotations }));
  });
  return { stats: report.stats, tests, title: report.options?.title };
}
