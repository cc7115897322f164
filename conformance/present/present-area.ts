// The Playwright report of a run: one test per check of an area, named by its
// id and sentence, tagged with its area and level, its requests as steps. The
// engine has already run the checks; each test states the check's outcome:
// passed, failed (the report reporter marks it failed with the check's error),
// or skipped with the reason (skipped, disabled, not run, not served). The
// tests of the checks about who may call what carry the authorization matrix.
import { test } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Area } from '../config/config-types.ts';
import type { CheckResult } from '../report/outcome.ts';
import { readManifest, readOutcomes, type RunTarget } from '../engine/run-files.ts';
import { matrixFiles } from '../report/matrix-files.ts';
import { identityAnnotations, outcomeAnnotations } from './annotations.ts';

// Every step points here: a fixed location spares Playwright a stack trace per step.
const STEP_LOCATION = { file: fileURLToPath(import.meta.url), line: 1, column: 1 };

const SKIPPED_AS: Partial<Record<CheckResult['status'], string>> = {
  skip: 'skipped',
  disabled: 'disabled',
  error: 'could not run',
  unserved: 'not served',
};

/**
 * The areas whose tests carry the matrix as attachments. The matrix is no check, so it gets no test of its own: the
 * report's counts stay the checks' counts. The HTML report stores an attached file once by its content, however
 * many tests attach it.
 */
const MATRIX_AREAS: readonly Area[] = ['auth', 'scopes', 'bucket-limits'];

type MatrixPaths = ReturnType<typeof matrixFiles>;

function register(result: CheckResult, target: number, matrix: MatrixPaths | undefined): void {
  const tag = [`@${result.area}`, `@${result.level}`];
  const annotation = [...identityAnnotations({ ...result, target }), ...outcomeAnnotations(result)];
  const title = `${result.id}: ${result.title}`;
  const skipped = SKIPPED_AS[result.status];
  if (skipped) {
    // A "skip" annotation makes Playwright skip the test without starting a worker for it.
    test(title, { tag, annotation: [...annotation, { type: 'skip', description: `${skipped}: ${result.reason ?? ''}` }] }, () => undefined);
    return;
  }
  test(title, { tag, annotation }, async () => {
    for (const step of result.steps ?? [])
      await test.step(`${step.title} (${step.ms} ms)`, async () => undefined, { location: STEP_LOCATION });
    const more = (result.requests ?? 0) - (result.steps?.length ?? 0);
    if (more > 0) await test.step(`… and ${more} more request(s)`, async () => undefined, { location: STEP_LOCATION });
    // The HTML page opens in a tab of its own from the report; the Markdown is the same matrix to download. Listed
    // by path rather than through attach(), which would copy the file once per test: the run dir keeps it until
    // the HTML reporter has read it.
    if (!matrix) return;
    const { attachments } = test.info();
    attachments.push(
      { name: 'authorization-matrix.html', path: matrix.html, contentType: 'text/html' },
      { name: 'authorization-matrix.md', path: matrix.markdown, contentType: 'text/markdown' },
    );
  });
}

/** Registers the tests of one area for every target of the run (in a describe block per target when there are several). */
export function presentArea(area: Area): void {
  const { targets } = readManifest();
  targets.forEach((target: RunTarget, index) => {
    const results = readOutcomes(target.runDir).filter((r) => r.area === area);
    if (results.length === 0) return;
    const files = matrixFiles(target.runDir);
    const matrix = MATRIX_AREAS.includes(area) && existsSync(files.html) ? files : undefined;
    if (targets.length === 1) results.forEach((r) => register(r, index, matrix));
    else test.describe(target.name, () => results.forEach((r) => register(r, index, matrix)));
  });
}
