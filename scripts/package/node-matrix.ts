// `npm run test:node-matrix`: the unit tests and the consumer smoke on other Node majors (the recommended ones by default),
// each fetched from the npm registry's `node` package and put first on PATH, so npm, npx and bucketkit run on it too.
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
// @ts-expect-error: plain JavaScript (it runs in the action before anything is installed); checked by its tests
import { RECOMMENDED_MAJORS } from '../action/prepare.mjs';
import { cleanEnv } from './consumer-project.ts';
import { KIT_ROOT, packKit } from './pack-kit.ts';
import { runCommand, tail } from './run-command.ts';
import { Steps } from './steps.ts';

const OUT = 'test-results/node-matrix';

/** Runs `node args...` on Node `major` from the registry; resolves with the exit code and output. */
function onNode(major: string, args: string[], timeoutMs: number) {
  return runCommand('npx', ['--yes', '--package', `node@${major}`, '--', 'node', ...args], { cwd: KIT_ROOT, env: cleanEnv(), timeoutMs });
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { versions: { type: 'string', default: (RECOMMENDED_MAJORS as number[]).join(',') }, 'skip-unit': { type: 'boolean' } },
  });
  const steps = new Steps();
  const packDir = mkdtempSync(join(tmpdir(), 'bucketkit-pack-'));
  try {
    let tarball = '';
    await steps.run(`the kit packs (Node ${process.version})`, async () => {
      tarball = (await packKit(packDir)).tarball;
    });
    for (const major of values.versions.split(',')) {
      let version = '';
      const fetched = await steps.run(`Node ${major} comes from the registry`, async () => {
        const result = await onNode(major, ['--version'], 120_000);
        version = result.stdout.trim();
        if (result.code !== 0 || !version.startsWith(`v${major}.`)) throw new Error(`node@${major}: ${tail(result.output)}`);
      });
      if (!fetched) continue;
      if (!values['skip-unit'])
        await steps.run(`unit tests (Vitest) pass on Node ${version}`, async () => {
          // The kit's Vitest config writes reports/vitest-results.json; it is moved aside so reports/ keeps this machine's run.
          rmSync(join(KIT_ROOT, 'reports/vitest-results.json'), { force: true });
          const result = await onNode(major, ['node_modules/vitest/vitest.mjs', 'run'], 900_000);
          const report = join(KIT_ROOT, OUT, `node${major}-vitest-results.json`);
          mkdirSync(dirname(report), { recursive: true });
          renameSync(join(KIT_ROOT, 'reports/vitest-results.json'), report);
          const counts = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
          console.log(`      ${counts.numPassedTests} passed, ${counts.numFailedTests} failed`);
          if (result.code !== 0 || counts.numFailedTests) throw new Error(tail(result.output, 40));
        });
      await steps.run(`the consumer smoke passes on Node ${version}`, async () => {
        const smoke = ['node_modules/tsx/dist/cli.mjs', 'scripts/package/consumer-smoke.ts', '--tarball', tarball];
        const result = await onNode(major, [...smoke, '--results', join(OUT, `node${major}-consumer-results.json`)], 600_000);
        console.log(result.output.replace(/^/gm, '      ').trimEnd());
        if (result.code !== 0) throw new Error(`exit ${result.code}`);
      });
    }
  } finally {
    rmSync(packDir, { recursive: true, force: true });
  }
  steps.write(join(KIT_ROOT, 'reports/node-matrix-results.json'));
  console.log(`${steps.results.length - steps.failed} passed, ${steps.failed} failed`);
  return steps.failed ? 1 : 0;
}

main().then((code) => process.exit(code));
