// The table a verdict test of the independent server leaves behind: variant,
// the right verdict, the verdict the suite gave, and the checks that were
// wrong (ids and reasons). Printed and written to
// reports/independent-server/verdicts.md, so a run that fails still says
// exactly where the suite is wrong.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { VariantRun } from '../variant-run.ts';

export interface VerdictRow {
  variant: string;
  expected: string;
  got: string;
  seconds: number;
  /** `id (status): reason`, for each check that contradicts the right verdict. */
  wrong: string[];
}

const short = (text: string, max = 220) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
};

/** A check as a table cell: id, status and why. */
export function describeCheck(check: VariantRun['summary']['checks'][number]): string {
  const why = check.failure ? `${check.failure.expected} / got: ${check.failure.actual}` : (check.reason ?? '');
  return `${check.id} (${check.status}): ${short(why)}`;
}

/** Rows of one test file, written once all its runs are done. */
export class VerdictTable {
  readonly rows: VerdictRow[] = [];

  add(variant: string, expected: string, run: VariantRun, wrong: string[]): VerdictRow {
    const row = { variant, expected, got: run.verdict.label, seconds: Math.round(run.ms / 100) / 10, wrong };
    this.rows.push(row);
    return row;
  }

  /** The table as markdown: one row per variant, then each variant's wrong checks (at most `perVariant`). */
  markdown(perVariant = 12): string {
    const lines = ['| Variant | Expected | Got | Time (s) | Wrong checks |', '|---|---|---|---|---|'];
    for (const r of this.rows) lines.push(`| ${r.variant} | ${r.expected} | ${r.got} | ${r.seconds} | ${r.wrong.length} |`);
    for (const r of this.rows.filter((row) => row.wrong.length > 0)) {
      lines.push('', `### ${r.variant}: expected ${r.expected}, got ${r.got}`, '');
      for (const w of r.wrong.slice(0, perVariant)) lines.push(`- ${w.replace(/\|/g, '\\|')}`);
      if (r.wrong.length > perVariant) lines.push(`- … and ${r.wrong.length - perVariant} more`);
    }
    return `${lines.join('\n')}\n`;
  }

  /** Writes the table under reports/independent-server/ and returns its path. */
  write(name: string): string {
    const dir = join('reports', 'independent-server');
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `${name}.md`);
    writeFileSync(path, this.markdown(1000));
    return path;
  }
}
