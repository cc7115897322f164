// The bench's reference row for a run where every check fails: Playwright on
// its own, running as many empty tests as the suite has checks, each failing
// at once, in as many workers as the suite's run had. Playwright replaces a
// worker after every failing test (it has no option to keep it), so this is
// the least such a run can cost while each check is a Playwright test.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as m from './measure.ts';

/** Under reports/ (ignored by git) and inside the checkout, where `@playwright/test` resolves. */
const DIR = join(m.repoRoot, 'reports', 'bench', 'playwright-floor');

/** Wall time of `failing` empty tests in `workers` workers, failing (or, for the twin, passing), with Playwright's own dot reporter. */
export async function playwrightFloor(
  failing: number,
  workers: number,
  outcome: 'fail' | 'pass' = 'fail',
): Promise<{ wallMs: number; code: number | null }> {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  writeFileSync(
    join(DIR, 'floor.config.mjs'),
    `export default { testDir: '.', testMatch: /floor\\.spec\\.mjs$/, fullyParallel: true, workers: ${workers}, reporter: 'dot', outputDir: 'out' };\n`,
  );
  writeFileSync(
    join(DIR, 'floor.spec.mjs'),
    [
      `import { test, expect } from '@playwright/test';`,
      `for (let i = 0; i < ${failing}; i++) test('empty test ' + i, () => expect(i).${outcome === 'fail' ? 'toBe(-1)' : 'toBe(i)'});`,
      '',
    ].join('\n'),
  );
  const run = await m.runToEnd(
    join(m.repoRoot, 'node_modules', '.bin', 'playwright'),
    ['test', '-c', join(DIR, 'floor.config.mjs')],
    900_000,
  );
  return { wallMs: run.wallMs, code: run.code };
}
