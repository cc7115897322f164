// The last safety net after a run: every artifact (summaries, JUnit, the HTML
// report and its embedded archive) is scanned for key bytes. A file holding a
// key is redacted in place (deleted only when it cannot be rewritten safely), and
// the run reports each find as a harness bug, naming the file and the key.
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { createRedactor, type Secret } from '../http/redact.ts';
import { findLeaks, type Leak } from '../report/leak-scan.ts';
import { repairLeak } from '../report/leak-repair.ts';
import type { Summary } from '../report/summary.ts';
import { writeReports } from '../report/write-reports.ts';
import type { PreparedTarget } from './prepare-target.ts';

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

/** How a problem line names the keys of a leak: by config name and env var, never by value. */
function keysNamed(secrets: Secret[]): string {
  const named = [...new Map(secrets.map((s) => [s.env, s])).values()].map((s) => (s.name ? `"${s.name}" ($${s.env})` : `$${s.env}`));
  return `${named.length === 1 ? 'the key' : 'the keys'} ${named.join(', ')}`;
}

/**
 * Scans the run's artifacts; redacts each file holding a key in place (deletes it when it cannot be rewritten
 * safely) and adds the find to the target's summary as a harness problem naming the file, the key and what was done.
 */
export function guardArtifacts(
  targets: PreparedTarget[],
  summaries: Summary[],
  outputDir: string,
  ciResultsFile?: string,
  reportOptions: { junit?: boolean } = {},
): { summaries: Summary[]; leaks: Leak[][] } {
  const leaks = leaksByTarget(targets, outputDir);
  // A file shared by targets is repaired once, with every target's keys.
  const redact = createRedactor(targets.flatMap((t) => t.secrets));
  const repairs = new Map<string, ReturnType<typeof repairLeak>>();
  const guarded = summaries.map((summary, i) => {
    if (leaks[i].length === 0) return summary;
    const { reportDir } = targets[i].target;
    const problems = leaks[i].map((leak) => {
      const repair = repairs.get(leak.file) ?? repairLeak(leak.file, redact);
      repairs.set(leak.file, repair);
      const where = relative(outputDir, leak.file) || leak.file;
      const done = repair.redacted ? 'it was redacted in place' : `the file was deleted: ${repair.why}`;
      return `${keysNamed(leak.secrets)} reached ${where}; ${done}. This is a bug of the suite: please report it.`;
    });
    const safe = redactSummary({ ...summary, harnessProblems: [...summary.harnessProblems, ...problems] }, targets[i].secrets);
    writeReports(reportDir, safe, ciResultsFile, reportOptions);
    return safe;
  });
  return { summaries: guarded, leaks };
}
