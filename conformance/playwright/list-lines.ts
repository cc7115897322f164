// `--list` of the kit's reporter: the checks a run with the same options and
// Playwright's --grep and --shard reports, as `id | area | level | title |
// status` (run, skip: why, disabled: why), without sending a request.
import type { TestCase } from '@playwright/test/reporter';
import { NOTE, NO_VERDICT, noteOf } from './outcome-notes.ts';

/** The line of a check's test, or undefined for a test that is no check. */
export function listLine(test: TestCase): string | undefined {
  const id = noteOf(test.annotations, NOTE.requirement);
  if (id === undefined) return undefined;
  const disabled = noteOf(test.annotations, NO_VERDICT.disabled);
  const skipped = noteOf(test.annotations, NO_VERDICT.skip);
  const status = disabled !== undefined ? `disabled: ${disabled}` : skipped !== undefined ? `skip: ${skipped}` : 'run';
  const title = test.title.startsWith(`${id}: `) ? test.title.slice(id.length + 2) : test.title;
  return `${id} | ${noteOf(test.annotations, NOTE.area)} | ${noteOf(test.annotations, NOTE.level)} | ${title} | ${status}`;
}

/** The count line of a listing, split as a run counts it. */
export function listCount(lines: string[], run: { level: string; readOnly: boolean; shard?: string }): string {
  const count = (prefix: string) => lines.filter((l) => l.split(' | ').at(-1)!.startsWith(prefix)).length;
  const how = `${run.readOnly ? ', read-only' : ''}${run.shard ? `, shard ${run.shard}` : ''}`;
  return `${lines.length} checks at level ${run.level}${how}: ${count('run')} to run, ${count('skip')} skipped, ${count('disabled')} disabled.`;
}
