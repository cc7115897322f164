// What the README and the guides state about the kit is what the kit does: the config example is the config the
// mock writes for itself, the workflows give every key of it its token, the key table is the key plan, and the
// lists of imports and dependencies are package.json's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadBundledSpec } from '../../../openapi/contract/load-spec.ts';
import { createMockApp } from '../../../mocks/app/create-mock-app.ts';
import { keyPlan } from '../../../mocks/app/key-plan.ts';
import { mockConfig, mockConfigText } from '../../../conformance/embedded/mock-config.ts';
import { snippetsOf } from '../../package/markdown-snippets.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  exports: Record<string, unknown>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** The config `bucketkit mock --write-config` writes for the mock started with the defaults on port 4010. */
function defaultMockConfig() {
  const app = createMockApp({ spec: loadBundledSpec() });
  const tokens: Readonly<Record<string, string>> = app.presetKeys;
  const keys = app.presetPlan.map((key) => ({ ...key, token: tokens[key.name] }));
  return mockConfig({ baseUrl: 'http://127.0.0.1:4010/api/v1', workspaces: app.info().workspaces, keys }).file;
}

const configExample = snippetsOf('conformance/README.md', read('conformance/README.md')).find(
  (s) => s.lang === 'json' && s.code.includes('"baseUrl"'),
)!;

describe('the config example', () => {
  it('is the file bucketkit mock --write-config writes for the default mock, cut to its first keys, as written', () => {
    const written = defaultMockConfig();
    const example = JSON.parse(configExample.code) as typeof written;
    expect(example.keys.length).toBeGreaterThanOrEqual(3);
    const cut = { ...written, keys: written.keys.slice(0, example.keys.length) };
    expect(example).toEqual(cut);
    expect(`${configExample.code.trim()}\n`).toBe(mockConfigText(cut));
  });

  it('every workflow of the docs that runs deployment.json gives each of its keys a token', () => {
    const example = JSON.parse(configExample.code) as { keys: { tokenEnv: string }[] };
    const workflows = ['README.md', 'conformance/README.md'].flatMap((file) =>
      snippetsOf(file, read(file)).filter((s) => s.lang === 'yaml' && /^jobs:/m.test(s.code)),
    );
    expect(workflows.length).toBeGreaterThanOrEqual(2);
    for (const workflow of workflows) {
      const jobs = (parse(workflow.code) as { jobs: Record<string, { steps: { with?: { config?: string }; env?: object }[] }> }).jobs;
      const runs = Object.values(jobs).flatMap((job) => job.steps.filter((step) => step.with?.config === 'deployment.json'));
      for (const step of runs)
        expect(Object.keys(step.env ?? {}), `${workflow.file}:${workflow.line}`).toEqual(
          expect.arrayContaining(example.keys.map((k) => k.tokenEnv)),
        );
    }
  });
});

describe('the keys', () => {
  it("the mocks' guide lists the key plan: full, readonly, restricted and one only-<scope> key per scope", () => {
    const table = read('mocks/README.md').split('## The banner and the keys')[1].split('\n## ')[0];
    const rows = [...table.matchAll(/^\| `([^`]+)`/gm)].map((m) => m[1]).filter((name) => name !== 'Key');
    const plan = keyPlan(['files:read', 'agent:run'], 'bkt_a').map((key) => key.name.replace(/^only-.*/, 'only-<scope>'));
    expect(rows).toEqual([...new Set(plan)]);
  });
});

describe('the README and package.json', () => {
  const readme = read('README.md').replace(/\s+/g, ' ');

  it('the imports it lists are the exports of package.json', () => {
    const imports = /Imports: (.*?) Runtime dependencies/.exec(readme)![1];
    const named = new Set([...imports.matchAll(/`(bucketkit[^`]*)`/g)].map((m) => m[1]));
    expect([...named].sort()).toEqual(
      Object.keys(manifest.exports)
        .map((e) => e.replace(/^\./, 'bucketkit'))
        .sort(),
    );
  });

  it('the runtime dependencies it lists are those of package.json, and the optional peer', () => {
    const sentence = /Runtime dependencies are only (.*?installed next to it)/.exec(readme)![1];
    const named = [...sentence.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    expect(named.sort()).toEqual([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)].sort());
  });
});
