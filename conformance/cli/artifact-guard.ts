// The last safety net after a run: every artifact (summaries, JUnit, the HTML
// report and its embedded archive) is scanned for key bytes. A file holding a
// key is deleted, never rewritten, and the run reports it as a harness bug.
import { existsSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createRedactor, type Secret } from '../http/redact.ts';
import { findLeaks, type Leak } from '../report/leak-scan.ts';
import type { Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import type { PreparedTarget } from '../engine/prepare-target.ts';

const inside = (file: string, dir: string) => file === dir || file.startsWith(`${dir}${sep}`);

/** The leaks of each target: in its report dir, and in the run's shared output holding one of its keys. */
export function leaksByTarget(targets: PreparedTarget[], outputDir: string): Leak[][] {
  const own = targets.map((t) => findLeaks(t.target.reportDir, t.secrets));
  const shared = ['html', 'test-output']
    .map((name) => join(outputDir, name))
    .filter((dir) => existsSync(dir) && !targets.some((t) => inside(dir, t.target.reportDir)));
  const sharedLeaks = shared.flatMap((dir) =>
    findLeaks(
      dir,
      targets.flatMap((t) => t.secrets),
    ),
  );
  return targets.map((t, i) => [
    ...own[i],
    ...sharedLeaks
      .filter((leak) => leak.secrets.some((s) => t.secrets.includes(s)))
      .map((leak) => ({ ...leak, secrets: leak.secrets.filter((s) => t.secrets.includes(s)) })),
  ]);
}

function redactSummary(summary: Summary, secrets: Secret[]): Summary {
  return JSON.parse(createRedactor(secrets)(JSON.stringify(summary))) as Summary;
}

/** Scans the run's artifacts; deletes each file holding a key and adds the find to the target's summary as a harness problem. */
export function guardArtifacts(
  targets: PreparedTarget[],
  summaries: Summary[],
  outputDir: string,
  ciResultsFile?: string,
): { summaries: Summary[]; leaks: Leak[][] } {
  const leaks = leaksByTarget(targets, outputDir);
  const guarded = summaries.map((summary, i) => {
    if (leaks[i].length === 0) return summary;
    const { reportDir } = targets[i].target;
    const problems = leaks[i].map((leak) => {
      rmSync(leak.file, { force: true });
      const keys = [...new Set(leak.secrets.map((s) => `$${s.env}`))].join(', ');
      return `A key (${keys}) reached ${relative(outputDir, leak.file) || leak.file}; the file was deleted. This is a bug of the suite: please report it.`;
    });
    const safe = redactSummary({ ...summary, harnessProblems: [...summary.harnessProblems, ...problems] }, targets[i].secrets);
    writeReports(reportDir, safe, ciResultsFile);
    return safe;
  });
  return { summaries: guarded, leaks };
}
