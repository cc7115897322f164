// Profiles the mock under the bench's load and summarises where its CPU time goes.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProfileSummary } from './bench-results.ts';
import type { BenchContext } from './bench-context.ts';
import { launchMock } from './launch-servers.ts';
import { probeWorld } from './world-probe.ts';
import { mockLoadCases } from './throughput-section.ts';
import { runLoadCell, type LoadSettings } from './load-driver.ts';
import { summariseProfile, type CpuProfile } from './cpu-profile-summary.ts';
import { repoRoot } from './project-paths.ts';

/** Where the raw profile is kept for a closer look (open it in Chrome DevTools). */
export const PROFILE_COPY = 'reports/bench-mock.cpuprofile';

/** Runs the three mock requests under load in a profiled mock process; the summary covers all three. */
export async function profileMock(
  ctx: BenchContext,
  settings: LoadSettings,
  seed: number | undefined,
): Promise<{ summary: ProfileSummary; command: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'bucketkit-bench-profile-'));
  const profileFile = join(dir, 'mock.cpuprofile');
  try {
    const mock = await launchMock({ seed, profileFile });
    const command = mock.command;
    try {
      const world = await probeWorld(mock.origin, ctx.basePath, ctx.routes);
      for (const loadCase of await mockLoadCases(ctx, mock, world)) {
        await runLoadCell('mock', mock.origin + ctx.basePath, loadCase, { ...settings, warmupSec: 0 });
      }
    } finally {
      await mock.stop();
    }
    copyFileSync(profileFile, join(repoRoot, PROFILE_COPY));
    const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
    return {
      command,
      summary: summariseProfile(
        profile,
        `the three requests in turn, ${settings.durationSec} s each at ${settings.connections} connections (raw profile: \`${PROFILE_COPY}\`)`,
      ),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
