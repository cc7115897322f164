// The action's parts on their own: which Node it runs on, the cache key, the build's narrowed manifest, the private
// Node step, and every exit code and summary mapped to the verdict output.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
// @ts-expect-error: plain JavaScript (it runs in the action before anything is installed); checked by these tests
import { BUILD_TOOLS, buildManifest } from '../../action/build-manifest.mjs';
// @ts-expect-error: plain JavaScript, as above
import { chooseNode, DEFAULT_NODE, ENGINES, kitKey, prepare, RECOMMENDED_MAJORS } from '../../action/prepare.mjs';
// @ts-expect-error: plain JavaScript, as above
import { actionOutputs, readSummary } from '../../action/report.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
  dependencies: Record<string, string>;
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'bucketkit-action-parts-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the Node the kit runs on', () => {
  it('applies the engines of package.json', () => {
    expect(ENGINES).toBe(manifest.engines.node);
  });

  it('the docs state the Node versions as the runtime does: 22 or 24 recommended, 20.19+ tested and past its end of life', () => {
    expect(RECOMMENDED_MAJORS).toEqual([22, 24]);
    const statement = 'Node 22 or 24 (recommended); Node 20.19+ runs it too and is tested, but is past its end of life';
    for (const doc of ['README.md', 'mocks/FRONTEND.md', 'conformance/README.md'])
      expect(readFileSync(join(ROOT, doc), 'utf8').replace(/\s+/g, ' '), doc).toContain(statement);
    const docs = ['README.md', 'mocks/FRONTEND.md', 'conformance/README.md', 'action.yml'].map((doc) =>
      readFileSync(join(ROOT, doc), 'utf8'),
    );
    // No other wording puts Node 20 beside the recommended ones.
    for (const text of docs) expect(text).not.toMatch(/20\.19\+, 22 or (24|later)|20\.19\+ and npm/);
  });

  it.each([
    ['v20.20.2', '', { use: 'runner' }],
    ['v22.1.0', '', { use: 'runner' }],
    ['v24.3.0', '', { use: 'runner' }],
    ['v20.18.1', '', { fetch: DEFAULT_NODE }],
    ['v18.20.0', '', { fetch: DEFAULT_NODE }],
    ['', '', { fetch: DEFAULT_NODE }],
    ['v22.1.0', '22', { use: 'runner' }],
    ['v20.20.2', '22', { fetch: '22' }],
    ['v22.1.0', '22.11', { fetch: '22.11' }],
    ['v24.3.0', 'v24.3.0', { use: 'runner' }],
    ['v20.20.2', '20', { use: 'runner' }],
  ])('runner %s, node-version "%s": %j', (runner, wanted, choice) => {
    expect(chooseNode(runner, wanted)).toEqual(choice);
  });

  it.each(['18', '20.18', '21', 'lts', '22.x'])('refuses node-version "%s"', (wanted) => {
    expect(chooseNode('v22.1.0', wanted).error).toMatch(/^node-version/);
  });

  it('writes the outputs the later steps read: no runner Node to use and a version to fetch, or exit code 3', () => {
    const output = join(dir, 'output');
    writeFileSync(output, '');
    expect(prepare({ GITHUB_OUTPUT: output, KIT_DIR: ROOT, RUNNER_OS: 'Linux', RUNNER_ARCH: 'X64' }, 'v18.20.0', '/old/node')).toBe(0);
    expect(readFileSync(output, 'utf8')).toMatch(/^node=\nnode-fetch=22\nkit-key=bucketkit-Linux-X64-kit-\w+-lock-\w+\n$/);
    writeFileSync(output, '');
    expect(prepare({ GITHUB_OUTPUT: output, KIT_DIR: ROOT, INPUT_NODE_VERSION: '16' }, 'v22.1.0', '/usr/bin/node')).toBe(3);
    expect(readFileSync(output, 'utf8')).toBe('exit-code=3\n');
  });

  it("runs on the runner's Node 20 with a notice that it is past its end of life, and on Node 22 without one", () => {
    const logged = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      prepare({ KIT_DIR: ROOT }, 'v20.20.2', '/usr/bin/node');
      expect(logged.mock.calls.flat().join('\n')).toMatch(
        /::notice title=bucketkit::the runner's Node v20\.20\.2 .* past its end of life; node-version: 22/,
      );
      logged.mockClear();
      prepare({ KIT_DIR: ROOT }, 'v22.1.0', '/usr/bin/node');
      expect(logged.mock.calls.flat().join('\n')).not.toMatch(/::notice/);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the cache key of the installed kit', () => {
  const kit = () => {
    mkdirSync(join(dir, 'kit/scripts'), { recursive: true });
    writeFileSync(join(dir, 'kit/package-lock.json'), '{"lockfileVersion":3}');
    writeFileSync(join(dir, 'kit/scripts/a.ts'), 'one');
    return join(dir, 'kit');
  };

  it('changes with any source file and with the lockfile, and names the lockfile apart', () => {
    const root = kit();
    const first = kitKey(root, 'Linux', 'X64');
    expect(first).toMatch(/^bucketkit-Linux-X64-kit-[0-9a-f]{16}-lock-[0-9a-f]{12}$/);
    writeFileSync(join(root, 'scripts/a.ts'), 'two');
    const second = kitKey(root, 'Linux', 'X64');
    expect(second).not.toBe(first);
    expect(second.split('-lock-')[1]).toBe(first.split('-lock-')[1]);
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"x":1}');
    expect(kitKey(root, 'Linux', 'X64').split('-lock-')[1]).not.toBe(first.split('-lock-')[1]);
    expect(kitKey(root, 'macOS', 'ARM64')).toMatch(/^bucketkit-macOS-ARM64-/);
  });

  it('ignores what builds, installs and runs leave behind', () => {
    const root = kit();
    const before = kitKey(root, 'Linux', 'X64');
    for (const leftover of ['node_modules/x/index.js', 'dist/a.js', 'openapi/dist/openapi.json', 'reports/summary.json', 'run.log']) {
      mkdirSync(join(root, leftover, '..'), { recursive: true });
      writeFileSync(join(root, leftover), 'x');
    }
    expect(kitKey(root, 'Linux', 'X64')).toBe(before);
  });
});

describe('the build', () => {
  it('keeps the runtime dependencies and only the build tools among the development ones', () => {
    const built = buildManifest(manifest);
    expect(built.dependencies).toEqual(manifest.dependencies);
    expect(Object.keys(built.devDependencies).sort()).toEqual([...BUILD_TOOLS].sort());
    for (const tool of BUILD_TOOLS) expect(built.devDependencies[tool]).toBe(manifest.devDependencies[tool]);
    expect(() => buildManifest({ devDependencies: {} })).toThrow(/no devDependency @redocly\/cli/);
  });

  it('has a package for every command `npm run build` calls', () => {
    const require = createRequire(join(ROOT, 'package.json'));
    const bins = new Set(
      BUILD_TOOLS.flatMap((name: string) => {
        const bin = (require(`${name}/package.json`) as { bin?: string | Record<string, string> }).bin;
        return typeof bin === 'string' ? [name] : Object.keys(bin ?? {});
      }),
    );
    const commands = ['build', 'spec:bundle', 'spec:types']
      .flatMap((script) => manifest.scripts[script].split('&&'))
      .map((part) =>
        part
          .trim()
          .split(/\s+/)
          .find((word) => !word.includes('='))!,
      )
      .filter((command) => command !== 'npm');
    expect(commands.length).toBeGreaterThanOrEqual(3);
    for (const command of commands) expect(bins, command).toContain(command);
    // The compiler itself is called by path (scripts/package/build-package.ts), and tsconfig.json names Node's types.
    expect(BUILD_TOOLS).toEqual(expect.arrayContaining(['typescript', '@types/node']));
  });
});

describe('the private Node step', () => {
  const fetchNode = (version: string) => {
    writeFileSync(join(dir, 'output'), '');
    const env = { PATH: process.env.PATH, NODE_FETCH: version, NODE_DIR: join(dir, 'node'), GITHUB_OUTPUT: join(dir, 'output') };
    const result = spawnSync('bash', [join(ROOT, 'scripts/action/fetch-node.sh')], { env, encoding: 'utf8' });
    return { ...result, output: readFileSync(join(dir, 'output'), 'utf8') };
  };

  it('uses the Node the cache restored, of the version asked for, and says the job keeps its own', () => {
    mkdirSync(join(dir, 'node/node_modules/node/bin'), { recursive: true });
    symlinkSync(process.execPath, join(dir, 'node/node_modules/node/bin/node'));
    const major = process.versions.node.split('.')[0];
    const ok = fetchNode(major);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.output).toBe(`node=${join(dir, 'node/node_modules/node/bin/node')}\n`);
    expect(ok.stdout).toContain(`runs on its own Node v${process.versions.node}; the job's PATH keeps the runner's`);
    const wrong = fetchNode(String(Number(major) + 4));
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/::error title=bucketkit::.* is Node v[\d.]+, not the \d+ asked for/);
  });
});

describe('the verdict output', () => {
  const totals = (over: object = {}) => ({ totals: { pass: 5, fail: 0, skip: 1, disabled: 0, error: 0, ...over } });

  it.each([
    ['0', totals(), 'passed'],
    ['1', totals({ fail: 2 }), 'failed'],
    ['2', totals({ fail: 1, error: 3 }), 'failed'],
    ['2', totals({ error: 3 }), 'incomplete'],
    ['2', totals({ pass: 0 }), 'incomplete'],
    ['2', { ...totals({ fail: 2, error: 1 }), baseline: { newFailures: [], knownFailures: [{}, {}] } }, 'incomplete'],
    ['3', undefined, 'config-error'],
    ['3', totals(), 'config-error'],
    ['4', totals({ unbuilt: 3 }), 'not-built-yet'],
    ['1', totals({ fail: 1, unbuilt: 3 }), 'failed'],
    ['137', totals({ fail: 1 }), 'failed'],
    ['137', totals(), 'incomplete'],
    ['0', undefined, 'error'],
    ['1', undefined, 'error'],
    ['', undefined, 'error'],
  ])('exit %s with %j is %s', (code, summary, verdict) => {
    expect(actionOutputs(code, summary).verdict).toBe(verdict);
  });

  it('counts the routes not built yet apart from the failed checks', () => {
    expect(actionOutputs('4', totals({ unbuilt: 3 }))).toMatchObject({ failed: '0', 'not-built': '3', verdict: 'not-built-yet' });
  });

  it('every output action.yml declares is set, and the docs describe each: not-served counts the unserved checks', () => {
    const outputs = actionOutputs('1', totals({ fail: 1, unserved: 4 }));
    expect(outputs['not-served']).toBe('4');
    const declared = Object.keys((parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { outputs: object }).outputs);
    expect(declared.sort()).toEqual(Object.keys(outputs).sort());
    const table = readFileSync(join(ROOT, 'conformance/README.md'), 'utf8').split('## In CI (GitHub Actions)')[1];
    for (const name of declared) expect(table).toMatch(new RegExp(`^\\| [^|]*\`${name}\``, 'm'));
    // Every kit status has its count: not-served is one, never a placeholder.
    expect(readFileSync(join(ROOT, 'action.yml'), 'utf8')).not.toMatch(/no such status/);
    expect(table).not.toMatch(/no such status/);
  });

  it('reads only a summary.json written after the run started', () => {
    writeFileSync(join(dir, 'summary.json'), JSON.stringify(totals()));
    const now = Math.floor(Date.now() / 1000);
    expect(readSummary(dir, String(now))).toEqual(totals());
    expect(readSummary(dir, String(now + 3600))).toBeUndefined();
    expect(readSummary(dir, '')).toBeUndefined();
    writeFileSync(join(dir, 'summary.json'), '{"totals":');
    expect(readSummary(dir, String(now))).toBeUndefined();
  });
});
