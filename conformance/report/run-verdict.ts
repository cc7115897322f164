// The verdict a run's reports and exit code give: the kit's verdict, judged against the run's baseline of known
// failures when it has one (summary.json field `baseline`).
import { applyBaseline, verdictWithBaseline, type AppliedBaseline, type Baseline } from './baseline.ts';
import { verdictOf, type Summary, type Verdict } from './summary.ts';

/** A summary with the baseline it was judged against (summary.json field `baseline`). */
export type SummaryWithBaseline = Summary & { baseline?: AppliedBaseline };

/** The summary with the baseline applied as it stands on `now`; without a baseline, the summary as it is. */
export function withBaseline(summary: Summary, baseline: Baseline | undefined, now: Date): SummaryWithBaseline {
  return baseline ? { ...summary, baseline: applyBaseline(summary, baseline, now) } : summary;
}

/** The run's verdict: verdictOf, then the baseline's judgement when the summary carries one. */
export function runVerdict(summary: SummaryWithBaseline): Verdict {
  const verdict = verdictOf(summary);
  return summary.baseline ? verdictWithBaseline(verdict, summary, summary.baseline) : verdict;
}
