// `npm run test:consumer`: packs the kit, installs the tarball into a fresh project and proves there what a user runs:
// the CLI (mock, conformance), MSW in Node and in Chromium, and a client typed by the contract. Counts go to reports/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBrowserPage } from './browser-check.ts';
import { checkConformance, checkMock, checkPrismAbsent, checkVersion } from './cli-checks.ts';
import { createConsumerProject, type ConsumerProject } from './consumer-project.ts';
import { KIT_ROOT, packKit, type PackedKit } from './pack-kit.ts';
import { checkTypes, checkTypesRefuse, checkVitest } from './project-checks.ts';
import { hideKeys } from './run-command.ts';

interface StepResult {
  name: string;
  status: 'passed' | 'failed';
  ms: number;
  error?: string;
}

const CHECKS: [string, (project: ConsumerProject) => Promise<void>][] = [
  ['npx bucketkit --version prints the kit version', checkVersion],
  ['npx bucketkit mock answers GET /workspaces with a banner key and stops on Ctrl-C', checkMock],
  ['npx bucketkit prism without the optional Prism package says what to install', checkPrismAbsent],
  ['tsc --noEmit accepts the typed client, the window keys and the MSW set-ups', checkTypes],
  ['tsc refuses a call the contract does not allow', checkTypesRefuse],
  ['the Vitest tests using bucketkit/msw/node and bucketkit pass', checkVitest],
  ['a Vite page using bucketkit/msw/browser shows the mock answers in Chromium', checkBrowserPage],
  ['npx bucketkit conformance passes against the embedded mock', checkConformance],
];

async function step(results: StepResult[], name: string, body: () => Promise<void>): Promise<boolean> {
  const started = performance.now();
  try {
    await body();
    results.push({ name, status: 'passed', ms: Math.round(performance.now() - started) });
    console.log(`  ✓ ${name} (${results.at(-1)!.ms} ms)`);
    return true;
  } catch (error) {
    const message = hideKeys((error as Error).message);
    results.push({ name, status: 'failed', ms: Math.round(performance.now() - started), error: message });
    console.log(`  ✗ ${name}\n${message.replace(/^/gm, '      ')}`);
    return false;
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { tarball: { type: 'string' }, results: { type: 'string' }, keep: { type: 'boolean' } } });
  const resultsFile = resolve(KIT_ROOT, values.results ?? 'reports/consumer-results.json');
  const started = performance.now();
  const results: StepResult[] = [];
  const packDir = mkdtempSync(join(tmpdir(), 'bucketkit-pack-'));
  let packed: PackedKit | undefined;
  let project: ConsumerProject | undefined;
  console.log(`consumer smoke on Node ${process.version}`);
  try {
    const tarball = values.tarball ? resolve(values.tarball) : undefined;
    await step(results, tarball ? 'the given tarball is used' : 'the kit builds and packs', async () => {
      packed = tarball ? { tarball, size: 0, unpackedSize: 0, entryCount: 0 } : await packKit(packDir);
    });
    if (packed)
      await step(results, 'the tarball installs into a fresh project', async () => {
        project = await createConsumerProject(packed!.tarball);
      });
    for (const [name, check] of CHECKS)
      await step(results, name, () => (project ? check(project) : Promise.reject(new Error('not run: no consumer project'))));
  } finally {
    if (project && values.keep) console.log(`kept the project in ${project.dir}`);
    else project?.remove();
    rmSync(packDir, { recursive: true, force: true });
  }
  const report = {
    node: process.version,
    numPassedTests: results.filter((r) => r.status === 'passed').length,
    numFailedTests: results.filter((r) => r.status === 'failed').length,
    numTotalTests: results.length,
    tarballBytes: packed?.size,
    unpackedBytes: packed?.unpackedSize,
    files: packed?.entryCount,
    installMs: project?.installMs,
    totalMs: Math.round(performance.now() - started),
    tests: results,
  };
  mkdirSync(dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `${report.numPassedTests} passed, ${report.numFailedTests} failed in ${(report.totalMs / 1000).toFixed(1)} s` +
      (packed?.size ? `; tarball ${Math.round(packed.size / 1024)} KiB (${packed.entryCount} files)` : '') +
      (project ? `; install ${(project.installMs / 1000).toFixed(1)} s` : ''),
  );
  return report.numFailedTests ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(hideKeys(error.stack ?? error.message));
    process.exit(1);
  },
);
