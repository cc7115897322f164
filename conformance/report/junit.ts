// Renders a summary as JUnit XML (the merged junit.xml of --merge): one
// testsuite per area, one testcase per check, harness problems as errors.
// It reads only the summary's records, which are redacted already.
import { AREAS } from '../config/config-types.ts';
import type { Summary, SummaryCheck } from './summary.ts';

// XML 1.0 forbids most control characters even escaped; a body excerpt may hold them.
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text safe in XML content and in double-quoted attributes. */
export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

const attrs = (values: Record<string, string | number>) =>
  Object.entries(values)
    .map(([k, v]) => ` ${k}="${xmlEscape(String(v))}"`)
    .join('');

function testcase(c: SummaryCheck): string[] {
  const props = { requirement: c.id, area: c.area, level: c.level, ...(c.route ? { route: c.route } : {}) };
  const lines = [
    `    <testcase${attrs({ name: `${c.id}: ${c.title}`, classname: `bucketkit.${c.area}`, time: seconds(c.durationMs) })}>`,
    '      <properties>',
    ...Object.entries(props).map(([name, value]) => `        <property${attrs({ name, value })}/>`),
    '      </properties>',
  ];
  if (c.status === 'fail') {
    const body = [
      `expected: ${c.failure?.expected ?? ''}`,
      `actual: ${c.failure?.actual ?? ''}`,
      ...(c.failure?.curl ? [`reproduce: ${c.failure.curl}`] : []),
    ];
    lines.push(
      `      <failure${attrs({ message: `expected ${c.failure?.expected ?? c.reason ?? 'a pass'}`, type: 'conformance' })}>${xmlEscape(body.join('\n'))}</failure>`,
    );
  } else if (c.status === 'unbuilt') {
    lines.push(`      <failure${attrs({ message: c.reason ?? 'not built yet', type: 'not-built-yet' })}/>`);
  } else if (c.status === 'error') {
    lines.push(`      <error${attrs({ message: c.reason ?? 'the harness could not run this check', type: 'harness' })}/>`);
  } else if (c.status === 'skip' || c.status === 'disabled') {
    lines.push(`      <skipped${attrs({ message: `${c.status}: ${c.reason ?? ''}` })}/>`);
  }
  lines.push('    </testcase>');
  return lines;
}

function suite(name: string, cases: SummaryCheck[], timestamp: string, extra: string[] = [], extraErrors = 0): string[] {
  const count = (...statuses: SummaryCheck['status'][]) => cases.filter((c) => statuses.includes(c.status)).length;
  const head = {
    name,
    tests: cases.length + extraErrors,
    failures: count('fail', 'unbuilt'),
    errors: count('error') + extraErrors,
    skipped: count('skip', 'disabled'),
    time: seconds(cases.reduce((n, c) => n + (c.durationMs ?? 0), 0)),
    timestamp,
  };
  return [`  <testsuite${attrs(head)}>`, ...cases.flatMap(testcase), ...extra, '  </testsuite>'];
}

/** The JUnit XML of a summary: every check once, failures with expected, actual and the curl reproduction. */
export function renderJunit(s: Summary): string {
  const t = s.totals;
  const body: string[] = [];
  for (const area of AREAS) {
    const cases = s.checks.filter((c) => c.area === area);
    if (cases.length) body.push(...suite(area, cases, s.finishedAt));
  }
  // A run that could not complete says why, as a harness error a JUnit reader shows.
  const runProblems = [...(s.incomplete ? [`the run is incomplete: ${s.incomplete.reason}`] : []), ...s.harnessProblems];
  if (runProblems.length) {
    const problems = runProblems.flatMap((p, i) => [
      `    <testcase${attrs({ name: `harness problem ${i + 1}`, classname: 'bucketkit.harness', time: 0 })}>`,
      `      <error${attrs({ message: p, type: 'harness' })}/>`,
      '    </testcase>',
    ]);
    body.push(...suite('harness', [], s.finishedAt, problems, runProblems.length));
  }
  const head = {
    name: `bucketkit conformance ${s.runId} (${s.level})`,
    tests: s.checks.length + runProblems.length,
    failures: t.fail,
    errors: t.error + runProblems.length,
    skipped: t.skip + t.disabled,
    time: seconds(s.stats?.durationMs),
  };
  return ['<?xml version="1.0" encoding="UTF-8"?>', `<testsuites${attrs(head)}>`, ...body, '</testsuites>', ''].join('\n');
}
