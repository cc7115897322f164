// Every YAML, JSON and shell snippet in the kit's Markdown parses; workflows in the docs and action.yml pass
// GitHub's schemas; the frontend guide shows the example project's files exactly as the consumer smoke runs them.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { allSnippets, markdownFiles, snippetsOf, type Snippet } from '../../package/markdown-snippets.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const snippets = allSnippets(ROOT);
const where = (s: Snippet) => `${s.file}:${s.line}`;
const ofLang = (...langs: string[]) => snippets.filter((s) => langs.includes(s.lang));

const scratch = mkdtempSync(join(tmpdir(), 'bucketkit-snippets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * GitHub's schema errors for a workflow or an action (the validator tells them apart by the file name), [] when valid.
 * Runs the action-validator CLI, the way CI would, on a copy of the YAML.
 */
function schemaErrors(kind: 'workflow' | 'action', yaml: string): string {
  let cli: string;
  try {
    cli = createRequire(import.meta.url).resolve('@action-validator/cli/cli.mjs');
  } catch {
    throw new Error(
      '@action-validator/cli is not installed: npm install --save-dev -E @action-validator/cli@0.6.0 @action-validator/core@0.6.0',
    );
  }
  const file = join(mkdtempSync(join(scratch, 'v-')), kind === 'action' ? 'action.yml' : 'workflow.yml');
  writeFileSync(file, yaml);
  const result = spawnSync(process.execPath, [cli, file], { encoding: 'utf8' });
  return result.status === 0 ? '' : result.stderr + result.stdout || `exit ${result.status}`;
}

describe('snippets in the Markdown docs', () => {
  it('finds the docs and their snippets', () => {
    expect(markdownFiles(ROOT)).toEqual(expect.arrayContaining(['README.md', 'mocks/FRONTEND.md', 'conformance/README.md']));
    expect(ofLang('yaml', 'yml').length).toBeGreaterThanOrEqual(3);
  });

  it.each(ofLang('yaml', 'yml').map((s) => [where(s), s] as const))('YAML at %s parses', (_, s) => {
    expect(() => parse(s.code, { strict: true, uniqueKeys: true })).not.toThrow();
  });

  it.each(ofLang('json').map((s) => [where(s), s] as const))('JSON at %s parses', (_, s) => {
    expect(() => JSON.parse(s.code)).not.toThrow();
  });

  it.each(ofLang('sh', 'bash', 'shell').map((s) => [where(s), s] as const))('shell at %s passes bash -n', (_, s) => {
    const result = spawnSync('bash', ['-n'], { input: s.code, encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});

describe('GitHub Actions', () => {
  const workflows = ofLang('yaml', 'yml').filter((s) => /^jobs:/m.test(s.code));

  it('the docs show at least two workflows (README and the conformance guide)', () => {
    expect(new Set(workflows.map((s) => s.file))).toEqual(new Set(['README.md', 'conformance/README.md']));
  });

  it.each(workflows.map((s) => [where(s), s] as const))('the workflow at %s passes the workflow schema and uses the action', (_, s) => {
    expect(schemaErrors('workflow', s.code)).toBe('');
    expect(s.code).toMatch(/uses: your-org\/bucketkit@v\d/);
  });

  it('action.yml passes the action schema', () => {
    expect(schemaErrors('action', readFileSync(join(ROOT, 'action.yml'), 'utf8'))).toBe('');
  });

  it('the schemas refuse a workflow without on: and an action input with an unknown key', () => {
    expect(schemaErrors('workflow', 'jobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo\n')).toMatch(/"\/on"/);
    const action = 'name: a\ndescription: b\ninputs:\n  x:\n    description: c\n    bogus: true\nruns:\n  using: composite\n  steps: []\n';
    expect(schemaErrors('action', action)).toMatch(/bogus/);
  });
});

describe('the frontend guide and the example project', () => {
  const exampleDir = join(ROOT, 'package/example');
  const guide = snippetsOf('mocks/FRONTEND.md', readFileSync(join(ROOT, 'mocks/FRONTEND.md'), 'utf8'));
  // A TypeScript file opens with `// src/x.ts: ...`, the page with its doctype and `<!-- index.html: ... -->`.
  const shown = new Map(
    guide.flatMap((s) => {
      const name = /^\/\/ (src\/\S+\.ts):/.exec(s.code)?.[1] ?? /^<!doctype html>\n<!-- (\S+\.html):/i.exec(s.code)?.[1];
      return name ? [[name, s.code] as const] : [];
    }),
  );
  const sources = [
    'index.html',
    ...readdirSync(join(exampleDir, 'src'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => relative(exampleDir, join(exampleDir, 'src', f))),
  ];

  it.each(sources)('FRONTEND.md shows %s exactly as the consumer smoke runs it', (file) => {
    expect(shown.get(file)?.trimEnd()).toBe(readFileSync(join(exampleDir, file), 'utf8').trimEnd());
  });

  it('FRONTEND.md shows no example file that the project lacks', () => {
    expect([...shown.keys()].filter((name) => !sources.includes(name))).toEqual([]);
  });

  it('FRONTEND.md links the example project and installs Vitest, which the examples run on', () => {
    const text = readFileSync(join(ROOT, 'mocks/FRONTEND.md'), 'utf8');
    expect(text).toContain('](../package/example/)');
    const install = guide.find((s) => s.lang === 'sh' && s.code.includes('bucketkit-0.1.0.tgz'))!.code;
    const { devDependencies } = JSON.parse(readFileSync(join(exampleDir, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    expect(install).toContain(`vitest@${devDependencies.vitest}`);
    expect(install).toContain(`openapi-fetch@${devDependencies['openapi-fetch']}`);
  });
});
