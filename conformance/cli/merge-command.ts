// --merge DIR...: the report dirs of every shard of one run become the report
// of the whole run. The shards' summaries are checked to be one complete,
// consistent set (every shard once, the same plan, no route served in one
// shard and not in another) and merged; Playwright's merge-reports turns
// their blob reports into the run's HTML and JUnit reports.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { routeLabel } from '../plan/check-types.ts';
import type { Baseline } from '../report/baseline.ts';
import { readShardParts } from '../report/merge-reports.ts';
import { withBaseline } from '../report/run-verdict.ts';
import { mergeSummaries, ShardSetError } from '../report/shard-set.ts';
import { verdictOf, type Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import { writeMatrixFiles } from '../report/matrix-files.ts';
import { runPlaywright } from './run-playwright.ts';
import { MERGED_SUMMARY_ENV } from '../playwright/merge-env.ts';

const MERGE_CONFIG = fileURLToPath(new URL(`../playwright/merge.config${extname(fileURLToPath(import.meta.url))}`, import.meta.url));

/** The blob reports of the shard dirs, copied into one dir for merge-reports; names each dir that has none. */
function collectBlobs(dirs: string[]): string {
  const into = mkdtempSync(join(tmpdir(), 'bk-blobs-'));
  const missing: string[] = [];
  for (const dir of dirs) {
    const blobDir = join(dir, 'blob');
    const zips = existsSync(blobDir) ? readdirSync(blobDir).filter((name) => name.endsWith('.zip')) : [];
    if (zips.length === 0) missing.push(`${dir} has no blob report (blob/*.zip): was it written by this version's run?`);
    zips.forEach((name, i) => copyFileSync(join(blobDir, name), join(into, `${dirs.indexOf(dir) + 1}-${i}-${name}`)));
  }
  if (missing.length) throw new ShardSetError(`Cannot merge:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  return into;
}

/** Merges the shards into `reportDir`; the merged summary (judged against the baseline when there is one). */
export async function mergeShards(dirs: string[], reportDir: string, baseline: Baseline | undefined): Promise<Summary> {
  const parts = readShardParts(dirs);
  const merged = withBaseline(
    mergeSummaries(
      parts.map((p) => p.summary),
      loadRouteTable().map(routeLabel),
      parts.map((p) => p.source),
    ),
    baseline,
    new Date(),
  );
  const blobs = collectBlobs(dirs);
  const out = resolve(reportDir);
  try {
    writeReports(out, merged, 'conformance-results.json', { junit: false });
    writeMatrixFiles(out, merged);
    const code = await runPlaywright(['merge-reports', '--config', MERGE_CONFIG, blobs], {
      ...process.env,
      BUCKETKIT_REPORT_DIR: out,
      [MERGED_SUMMARY_ENV]: join(out, 'summary.json'),
    });
    if (code !== 0 && verdictOf(merged).exitCode === 0) throw new Error(`Playwright's merge-reports exited with ${code}`);
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
  return merged;
}
