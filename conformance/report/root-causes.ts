// Root causes before fan-out: the checks that could not run point at the
// check whose rule they rest on ("blocked by PATH-<op>-served: …", "(see
// UPLOAD-appears-without-complete)"); grouped by that check, a route that
// answers its valid call 500 reads as one cause with the checks blocked
// behind it, not as the dozens of failures it would otherwise cause.
import { pointedAt } from './build-order.ts';
import type { Summary, SummaryCheck } from './summary.ts';

export interface RootCause {
  /** The check the others rest on, and how it ended. */
  id: string;
  status: SummaryCheck['status'];
  route?: string;
  /** What it showed: its failure, or why it could not run. */
  why: string;
  /** The checks that could not run behind it. */
  blocked: number;
}

const firstLine = (text: string) => text.split('\n')[0];

/** The root causes of a run's checks that could not run, the most blocking first. */
export function rootCauses(summary: Summary): RootCause[] {
  const byId = new Map(summary.checks.map((c) => [c.id, c]));
  const counts = new Map<string, number>();
  for (const c of summary.checks) {
    if (c.status !== 'error') continue;
    const root = pointedAt(c.reason);
    if (root && root !== c.id && byId.has(root)) counts.set(root, (counts.get(root) ?? 0) + 1);
  }
  return [...counts]
    .map(([id, blocked]) => {
      const c = byId.get(id)!;
      const why = c.status === 'fail' ? firstLine(c.failure?.actual ?? 'failed') : firstLine(c.reason ?? c.status);
      return { id, status: c.status, ...(c.route ? { route: c.route } : {}), why, blocked };
    })
    .sort((a, b) => b.blocked - a.blocked || a.id.localeCompare(b.id));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "3 routes answer a valid call with an error; 41 checks blocked behind them" (undefined when nothing was blocked). */
export function rootCauseHeadline(summary: Summary): string | undefined {
  const causes = rootCauses(summary);
  if (causes.length === 0) return undefined;
  const blocked = causes.reduce((n, c) => n + c.blocked, 0);
  const served = causes.filter((c) => /^PATH-.+-served$/.test(c.id));
  const broken = served.filter((c) => c.status === 'fail');
  const silent = served.filter((c) => c.status === 'error');
  const unbuilt = served.filter((c) => c.status === 'unbuilt');
  const parts = [
    broken.length ? `${plural(broken.length, 'route')} ${broken.length === 1 ? 'answers' : 'answer'} a valid call with an error` : '',
    silent.length ? `${plural(silent.length, 'route')} could not be shown served` : '',
    unbuilt.length ? `${plural(unbuilt.length, 'route')} not built yet` : '',
    causes.length > served.length ? `${plural(causes.length - served.length, 'other check')} the rest rest on` : '',
  ].filter(Boolean);
  return `${parts.join(', ')}; ${plural(blocked, 'check')} blocked behind them`;
}

/** The console's root-cause lines (none when nothing was blocked): a headline, then each cause. */
export function rootCauseLines(summary: Summary): string[] {
  const headline = rootCauseHeadline(summary);
  if (!headline) return [];
  return [
    '',
    `Root causes first: ${headline}:`,
    ...rootCauses(summary).map(
      (c) =>
        `  ${c.status === 'fail' ? '✘' : '!'} ${c.id}${c.route ? ` (${c.route})` : ''}: ${c.why} — ${plural(c.blocked, 'check')} blocked`,
    ),
  ];
}

/** The same as a section of summary.md. */
export function rootCauseSection(summary: Summary): string[] {
  const causes = rootCauses(summary);
  if (causes.length === 0) return [];
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '## Root causes',
    '',
    'The checks that could not run rest on these checks; fix these first:',
    '',
    '| check | route | how it ended | what it showed | checks blocked |',
    '|---|---|---|---|---:|',
    ...causes.map((c) => `| \`${c.id}\` | ${c.route ? `\`${c.route}\`` : ''} | ${c.status} | ${cell(c.why)} | ${c.blocked} |`),
    '',
  ];
}
