// `npm run test:consumer`: installs the packed kit (packed once per source state, see pack-kit.ts) into a fresh
// project and proves there what a user runs: the CLI (the mock, the config it writes, the suite against it), MSW in
// Node and in Chromium, a client and own Playwright tests typed by the contract. Checks that do not depend on each
// other run side by side in lanes. Counts go to reports/.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBrowserPage } from './browser-check.ts';
import { checkMock, checkPrismAbsent, checkVersion } from './cli-checks.ts';
import { createConsumerProject, type ConsumerProject } from './consumer-project.ts';
import { KIT_ROOT, sharedPackedKit, type PackedKit } from './pack-kit.ts';
import { checkTypes, checkVitest } from './project-checks.ts';
import { hideKeys } from './run-command.ts';
import { Steps } from './steps.ts';
import { checkMockWithItsConfig, checkOwnTestsCatchALeak } from './suite-checks.ts';

type Check = [name: string, check: (project: ConsumerProject, steps: Steps) => Promise<void>];

/** Lanes run side by side, each its checks in order: a lane's checks share nothing with another lane's. */
const LANES: Check[][] = [
  [
    ['npx bucketkit --version prints the kit version', checkVersion],
    ['npx bucketkit mock --fixtures --coverage serves a banner key and a fixture key, and writes the coverage on Ctrl-C', checkMock],
    ['npx bucketkit prism without the optional Prism package says what to install, and --help shows its help', checkPrismAbsent],
    [
      'tsc accepts the typed client, the window keys, the MSW set-ups and the typed own tests, and refuses each call the contract does not allow',
      checkTypes,
    ],
    ['the Vitest tests using bucketkit/msw/node (fixtures, scenarios) and bucketkit pass and print the coverage', checkVitest],
    [
      'a Vite page using bucketkit/msw/browser with fixtures and a scenario shows the mock answers and its coverage in Chromium',
      checkBrowserPage,
    ],
  ],
  [
    ['npx bucketkit mock --write-config deployment.json serves the mock for the checks below and stops on Ctrl-C', checkMockWithItsConfig],
    [
      "the project's own Playwright tests under bucketkit/playwright fail on the bucketIds rule against a leaking embedded mock, and only that one",
      checkOwnTestsCatchALeak,
    ],
  ],
];

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { tarball: { type: 'string' }, results: { type: 'string' }, keep: { type: 'boolean' } } });
  const started = performance.now();
  const steps = new Steps();
  let packed: PackedKit | undefined;
  let project: ConsumerProject | undefined;
  console.log(`consumer smoke on Node ${process.version}`);
  try {
    const given = values.tarball ? resolve(values.tarball) : undefined;
    await steps.run(
      given ? 'the given tarball is used' : 'the kit builds and packs (or the tarball of the same sources is taken)',
      async () => {
        packed = given ? { tarball: given, size: 0, unpackedSize: 0, entryCount: 0, files: [] } : await sharedPackedKit();
      },
    );
    await steps.run('the tarball installs into a fresh project, and npm warns of no install script of the kit', async () => {
      if (!packed) throw new Error('not run: no tarball');
      project = await createConsumerProject(packed.tarball);
    });
    await Promise.all(
      LANES.map(async (lane) => {
        for (const [name, check] of lane)
          await steps.run(name, () => (project ? check(project, steps) : Promise.reject(new Error('not run: no consumer project'))));
      }),
    );
  } finally {
    if (project && values.keep) console.log(`kept the project in ${project.dir}`);
    else project?.remove();
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
