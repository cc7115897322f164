// `npm run test:consumer`: packs the kit, installs the tarball into a fresh project and proves there what a user runs:
// the CLI (mock, conformance), MSW in Node and in Chromium, and a client typed by the contract. Counts go to reports/.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBrowserPage } from './browser-check.ts';
import { checkConformance, checkMock, checkOwnTests, checkPrismAbsent, checkVersion } from './cli-checks.ts';
import { createConsumerProject, type ConsumerProject } from './consumer-project.ts';
import { KIT_ROOT, packKit, type PackedKit } from './pack-kit.ts';
import { checkTypes, checkTypesRefuse, checkVitest } from './project-checks.ts';
import { hideKeys } from './run-command.ts';
import { Steps } from './steps.ts';

const CHECKS: [string, (project: ConsumerProject) => Promise<void>][] = [
  ['npx bucketkit --version prints the kit version', checkVersion],
  ['npx bucketkit mock --fixtures --coverage serves a banner key and a fixture key, and writes the coverage on Ctrl-C', checkMock],
  ['npx bucketkit prism without the optional Prism package says what to install', checkPrismAbsent],
  ['tsc --noEmit accepts the typed client, the window keys and the MSW set-ups', checkTypes],
  ['tsc refuses a call the contract does not allow', checkTypesRefuse],
  ['the Vitest tests using bucketkit/msw/node (fixtures, scenarios) and bucketkit pass and print the coverage', checkVitest],
  [
    'a Vite page using bucketkit/msw/browser with fixtures and a scenario shows the mock answers and its coverage in Chromium',
    checkBrowserPage,
  ],
  ['npx bucketkit conformance passes against the embedded mock', checkConformance],
  [
    "the project's own Playwright tests with bucketkit/playwright pass, and fail on the bucketIds rule against a leaking mock",
    checkOwnTests,
  ],
];

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { tarball: { type: 'string' }, results: { type: 'string' }, keep: { type: 'boolean' } } });
  const started = performance.now();
  const steps = new Steps();
  const packDir = mkdtempSync(join(tmpdir(), 'bucketkit-pack-'));
  let packed: PackedKit | undefined;
  let project: ConsumerProject | undefined;
  console.log(`consumer smoke on Node ${process.version}`);
  try {
    const given = values.tarball ? resolve(values.tarball) : undefined;
    await steps.run(given ? 'the given tarball is used' : 'the kit builds and packs', async () => {
      packed = given ? { tarball: given, size: 0, unpackedSize: 0, entryCount: 0, files: [] } : await packKit(packDir);
    });
    await steps.run('the tarball installs into a fresh project', async () => {
      if (!packed) throw new Error('not run: no tarball');
      project = await createConsumerProject(packed.tarball);
    });
    for (const [name, check] of CHECKS)
      await steps.run(name, () => (project ? check(project) : Promise.reject(new Error('not run: no consumer project'))));
  } finally {
    if (project && values.keep) console.log(`kept the project in ${project.dir}`);
    else project?.remove();
    rmSync(packDir, { recursive: true, force: true });
  }
  const totalMs = Math.round(performance.now() - started);
  steps.write(resolve(KIT_ROOT, values.results ?? 'reports/consumer-results.json'), {
    node: process.version,
    tarballBytes: packed?.size || undefined,
    unpackedBytes: packed?.unpackedSize || undefined,
    files: packed?.entryCount || undefined,
    installMs: project?.installMs,
    totalMs,
  });
  console.log(
    `${steps.results.length - steps.failed} passed, ${steps.failed} failed in ${(totalMs / 1000).toFixed(1)} s` +
      (packed?.size ? `; tarball ${Math.round(packed.size / 1024)} KiB, ${packed.entryCount} files` : '') +
      (project ? `; install ${(project.installMs / 1000).toFixed(1)} s` : ''),
  );
  return steps.failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(hideKeys(error.stack ?? error.message));
    process.exit(1);
  },
);
