// The verdict a run's reports and exit code give: the kit's verdict, judged against the run's baseline of known
// failures when it has one (summary.json field `baseline`).
import { applyBaseline, type Baseline } from './baseline.ts';
import { verdictOf, type Summary, type Verdict } from './summary.ts';

/** A summary with the baseline it was judged against (summary.json field `baseline`). */
export type SummaryWithBaseline = Summary;

/** The summary with the baseline applied as it stands on `now`; without a baseline, the summary as it is. */
export function withBaseline(summary: Summary, baseline: Baseline | undefined, now: Date): SummaryWithBaseline {
  return baseline ? { ...summary, baseline: applyBaseline(summary, baseline, now) } : summary;
}

/** The run's verdict (verdictOf judges against the baseline the summary carries). */
export function runVerdict(summary: SummaryWithBaseline): Verdict {
  return verdictOf(summary);
}
