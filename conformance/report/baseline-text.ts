// How a run against a baseline reads: the Baseline section of summary.md (new, fixed, known, expired, not checked)
// and the one line the console prints before the verdict.
import type { AppliedBaseline } from './baseline.ts';

const line = (text: string) => text.replace(/\s*\n\s*/g, ' ');
const status = (s: string, why?: string) => (why ? `${s}: ${line(why)}` : s);

/** Ids for a console line: the first ten, then how many more. */
function ids(items: { id: string }[]): string {
  const shown = items.slice(0, 10).map((i) => i.id);
  return items.length > 10 ? `${shown.join(', ')} and ${items.length - 10} more` : shown.join(', ');
}

/** The Baseline section of summary.md. */
export function baselineSection(b: AppliedBaseline): string[] {
  const lines = [
    '## Baseline',
    '',
    `Judged against \`${b.source}\`: ${b.newFailures.length} new, ${b.knownFailures.length} known and still failing, ${b.fixed.length} fixed, ${b.expired.length} expired, ${b.notChecked.length} not checked this run. Only new failures fail the run.`,
  ];
  const part = (title: string, items: string[]) => {
    if (items.length) lines.push('', `### ${title} (${items.length})`, '', ...items.map((i) => `- ${i}`));
  };
  part(
    'Newly failing',
    b.newFailures.map(
      (f) => `\`${f.id}\`${f.title ? `: ${line(f.title)}` : ''}${f.expiredOn ? ` (its baseline entry expired on ${f.expiredOn})` : ''}`,
    ),
  );
  part(
    'Fixed: in the baseline, passing now (remove them from it)',
    b.fixed.map((f) => `\`${f.id}\`: ${line(f.reason)}`),
  );
  part(
    'Known failures, still failing',
    b.knownFailures.map((k) => `\`${k.id}\`: ${line(k.reason)}${k.expires ? ` (until ${k.expires})` : ''}`),
  );
  part(
    'Expired entries: past their day, counted as not in the baseline',
    b.expired.map((e) => `\`${e.id}\` (expired on ${e.expires}; ${e.status} in this run): ${line(e.reason)}`),
  );
  part(
    'Not checked this run: no verdict either way',
    b.notChecked.map((n) => `\`${n.id}\` (${status(n.status, n.why)}): ${line(n.reason)}`),
  );
  return [...lines, ''];
}

/** The console's line about the baseline, printed before the verdict. */
export function baselineConsoleLine(b: AppliedBaseline): string {
  const parts = [
    `${b.newFailures.length} new failure(s)${b.newFailures.length ? ` (${ids(b.newFailures)})` : ''}`,
    `${b.knownFailures.length} known and still failing`,
    `${b.fixed.length} fixed${b.fixed.length ? ` (${ids(b.fixed)}: remove them from the baseline)` : ''}`,
  ];
  if (b.expired.length) parts.push(`${b.expired.length} entry(ies) expired (${ids(b.expired)})`);
  if (b.notChecked.length) parts.push(`${b.notChecked.length} not checked this run (${ids(b.notChecked)})`);
  return `baseline ${b.source}: ${parts.join('; ')}`;
}
