// The suite README's table of what proves what names every test file of the
// repo once, and only files that exist: a test added without saying what it
// proves, or a row left behind by a removed test, fails here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const README = readFileSync(join(ROOT, 'conformance', 'README.md'), 'utf8');

/** Every file under `dir` (relative to the repo) whose name ends so, recursively. */
function filesUnder(dir: string, ending: RegExp): string[] {
  const found: string[] = [];
  const walk = (at: string) => {
    for (const entry of readdirSync(at, { withFileTypes: true })) {
      const path = join(at, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (ending.test(entry.name)) found.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, dir));
  return found;
}

/** The test files `npm test` runs: Vitest's, and the Playwright specs of the browser and docs steps. */
const testFiles = [
  ...['openapi/test', 'mocks/test', 'scripts/test', 'conformance/test'].flatMap((dir) => filesUnder(dir, /\.test\.ts$/)),
  ...['mocks/browser', 'scripts/package/docs'].flatMap((dir) => filesUnder(dir, /\.spec\.ts$/)),
].sort();

/** The files the table's rows name, in their order. */
const section = README.slice(README.indexOf('## What proves what'), README.indexOf('\n## ', README.indexOf('## What proves what') + 1));
const rows = [...section.matchAll(/^\| \[`([^`]+)`\]\(\.\.\/\1\) \| (.+) \|$/gm)].map((m) => ({ file: m[1], claim: m[2] }));

describe("the README's table of what proves what", () => {
  it('names every test file once', () => {
    expect(testFiles.length).toBeGreaterThan(100);
    expect(rows.map((r) => r.file).sort()).toEqual(testFiles);
  });

  it('names only files that exist, each with its claim', () => {
    for (const row of rows) {
      expect(existsSync(join(ROOT, row.file)), row.file).toBe(true);
      expect(row.claim.length, row.file).toBeGreaterThan(20);
    }
  });
});
