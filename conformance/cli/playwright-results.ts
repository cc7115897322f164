// Reads Playwright's JSON report: which checks (by requirement annotation) ran
// in this run or shard, with Playwright's status and first error.
import { existsSync, readFileSync } from 'node:fs';

export interface PlaywrightOutcome {
  status: 'expected' | 'unexpected' | 'skipped' | 'flaky';
  error?: string;
}

interface JsonSuite {
  suites?: JsonSuite[];
  specs?: {
    tests: {
      annotations?: { type: string; description?: string }[];
      status: PlaywrightOutcome['status'];
      results?: { error?: { message?: string } }[];
    }[];
  }[];
}

/** Outcomes by requirement id; undefined when the report is missing (Playwright did not finish). */
export function readPlaywrightOutcomes(path: string): Map<string, PlaywrightOutcome> | undefined {
  if (!existsSync(path)) return undefined;
  const report = JSON.parse(readFileSync(path, 'utf8')) as { suites?: JsonSuite[] };
  const out = new Map<string, PlaywrightOutcome>();
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const id = t.annotations?.find((a) => a.type === 'requirement')?.description;
        if (id) out.set(id, { status: t.status, error: t.results?.[0]?.error?.message });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return out;
}
