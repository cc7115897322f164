// Times the conformance suite against the mock (`npx bucketkit conformance`), or says why it could not.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startProcess } from './child-process.ts';
import { repoRoot } from './project-paths.ts';
import type { ConformanceTiming } from './bench-results.ts';

const TIMEOUT_MS = 180_000;

/** The `bucketkit` bin file package.json declares, if it declares one. */
export function declaredBin(packageJson: { bin?: string | Record<string, string> }): string | undefined {
  const bin = packageJson.bin;
  return typeof bin === 'string' ? bin : bin?.bucketkit;
}

/** Runs the suite once and reports its wall time; "not available" when there is no suite yet. */
export async function timeConformance(args: string[]): Promise<ConformanceTiming> {
  const command = ['npx', 'bucketkit', ...args].join(' ');
  const bin = declaredBin(JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')));
  if (!bin || !existsSync(join(repoRoot, bin))) {
    return {
      status: 'not available',
      command,
      detail: 'package.json declares no `bucketkit` bin (or its file is missing), so the suite was not timed.',
    };
  }
  const t0 = performance.now();
  // Exactly the documented command, npx start-up included; with no config it tests the embedded mock.
  const started = startProcess('the conformance suite', 'npx', ['bucketkit', ...args], { cwd: repoRoot });
  const timer = setTimeout(() => void started.stop(), TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve) => started.child.once('exit', (c) => resolve(c)));
  const wallMs = performance.now() - t0;
  clearTimeout(timer);
  await started.stop();
  if (code === 0) return { status: 'passed', wallMs, command, detail: 'Exit code 0.' };
  const lastLine = started.output().trim().split('\n').slice(-1)[0] ?? '';
  return {
    status: 'failed',
    wallMs,
    command,
    detail: `Exit code ${code ?? 'none (stopped after the time limit)'}; last line: "${lastLine.slice(0, 200)}".`,
  };
}
