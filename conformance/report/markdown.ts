// Renders a summary as summary.md: totals, the baseline (when the run has one), the root causes checks were blocked by, per-area counts, route coverage,
// the authorization matrix, the listing shapes seen, the operator variants sent per axis, every failure with expected/actual and a curl reproduction, every
// check, and last the routes no check exercised, with why.
import { AREAS } from '../config/config-types.ts';
import { baselineSection } from './baseline-text.ts';
import { runVerdict, type SummaryWithBaseline } from './run-verdict.ts';
import { STATUSES, transientText, type Summary } from './summary.ts';
import { matrixSection } from './matrix-markdown.ts';
import { listingShapesSection } from './listing-shapes-text.ts';
import { unexercisedSection } from './unexercised-routes.ts';
import { rootCauseSection } from './root-causes.ts';
import { buildOrderSection } from './build-order.ts';
import { variantSection } from '../operators/axis-counts.ts';

const cell = (text: string | undefined) => (text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The markdown report of a summary. */
export function renderMarkdown(s: Summary): string {
  const lines: string[] = [];
  const { baseline } = s as SummaryWithBaseline;
  const verdict = runVerdict(s);
  lines.push(
    `# bucketkit conformance: ${verdict.label}`,
    '',
    `${verdict.reason[0].toUpperCase()}${verdict.reason.slice(1)} Exit code ${verdict.exitCode}.`,
    '',
  );
  const part = s.shard ? `, shard ${s.shard}` : s.mergedShards ? `, merged from shards ${s.mergedShards.join(', ')}` : '';
  const took = s.stats ? `; it took ${(s.stats.durationMs / 1000).toFixed(1)} s` : '';
  lines.push(`Run \`${s.runId}\` against \`${s.baseUrl}\`, level \`${s.level}\`${s.readOnly ? ', read-only' : ''}${part}${took}.`, '');
  const st = s.stats;
  if (st?.requests !== undefined)
    lines.push(
      `The client sent ${st.requests} requests (at most ${st.maxInFlight ?? '?'} at a time, of ${st.concurrency ?? '?'} allowed); ${st.rateLimited ?? 0} were answered 429 (or 503 with Retry-After) and waited out, ${((st.waitedMs ?? 0) / 1000).toFixed(1)} s in all.${st.transient ? ` ${transientText(st.transient)}.` : ''}${st.traffic ? ` Traffic for the rules over every exchange: ${st.traffic.sent} task(s) sent, ${st.traffic.notSent} not sent (no key fits)${st.traffic.problems.length ? `, ${st.traffic.problems.length} stopped: ${cell(st.traffic.problems.slice(0, 3).join('; '))}` : ''}.` : ''}`,
      '',
    );
  lines.push(
    `| ${STATUSES.join(' | ')} |`,
    `|${STATUSES.map(() => '---:').join('|')}|`,
    `| ${STATUSES.map((k) => s.totals[k]).join(' | ')} |`,
    '',
  );
  if (baseline) lines.push(...baselineSection(baseline));
  // What to fix first: a route answering its valid call 500 blocks its other checks, and is one cause, not many failures.
  lines.push(...buildOrderSection(s), ...rootCauseSection(s));
  lines.push('## Areas', '', `| area | ${STATUSES.join(' | ')} |`, `|---|${STATUSES.map(() => '---:').join('|')}|`);
  for (const area of AREAS) lines.push(`| ${area} | ${STATUSES.map((k) => s.areas[area][k]).join(' | ')} |`);
  lines.push('', '## Routes', '', `| route | checks run | failed | areas |`, '|---|---:|---:|---|');
  for (const [route, c] of Object.entries(s.routes))
    lines.push(`| \`${route}\` | ${c.pass + c.fail} | ${c.fail} | ${c.areas.join(', ')} |`);
  if (s.uncoveredRoutes.length) lines.push('', `Routes no check exercised: ${s.uncoveredRoutes.map((r) => `\`${r}\``).join(', ')}.`);
  if (s.matrix) lines.push('', ...matrixSection(s.matrix));
  if (s.stats?.variants) lines.push('', ...variantSection(s.stats.variants));
  const shapes = listingShapesSection(s.stats?.listingShapes);
  if (shapes.length) lines.push('', ...shapes);
  const failures = s.checks.filter((c) => c.status === 'fail');
  if (failures.length) {
    lines.push('', '## Failures', '');
    for (const f of failures) {
      lines.push(
        `### ${f.id} (${f.area}, ${f.level})`,
        '',
        f.title,
        '',
        `- expected: ${f.failure?.expected ?? ''}`,
        `- actual: ${f.failure?.actual ?? ''}`,
      );
      if (f.failure?.curl) lines.push('', '```sh', f.failure.curl, '```');
      lines.push('');
    }
  }
  if (s.harnessProblems.length) lines.push('', '## Harness problems', '', ...s.harnessProblems.map((p) => `- ${p}`));
  if (s.cleanup) {
    lines.push(
      '',
      '## Cleanup (never a conformance failure)',
      '',
      `Removed ${s.cleanup.removed} file(s), restored ${s.cleanup.restored} setting(s).`,
    );
    for (const p of s.cleanup.problems) lines.push(`- problem: ${p}`);
    for (const k of s.cleanup.kept) lines.push(`- kept: ${k}`);
  }
  lines.push('', '## Checks', '', '| id | level | status | check | reason |', '|---|---|---|---|---|');
  for (const c of s.checks)
    lines.push(
      `| ${c.id} | ${c.level} | ${c.status} | ${cell(c.title)} | ${cell(c.reason ?? (c.failure ? `expected ${c.failure.expected}` : ''))} |`,
    );
  const unexercised = unexercisedSection(s);
  if (unexercised.length) lines.push('', ...unexercised);
  return `${lines.join('\n')}\n`;
}
