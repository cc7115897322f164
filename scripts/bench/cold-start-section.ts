// Cold start to the first authenticated 200: the mock's start command (and its node --import tsx twin) and Prism.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillPath } from '../../openapi/contract/route-table.ts';
import type { ColdStart } from './bench-results.ts';
import type { BenchContext } from './bench-context.ts';
import { mockLaunchCommands, timeColdStart, type LaunchCommand } from './cold-start.ts';
import { prismArgs, prismCommand } from './launch-servers.ts';
import { binPath, repoRoot } from './project-paths.ts';
import { httpCall } from './http-probe.ts';
import { mintKey } from './mock-control.ts';
import { PLACEHOLDER_AUTH } from './bench-requests.ts';

/** Measures every launch command; notes say what could not be measured. */
export async function measureColdStarts(ctx: BenchContext, runs: number): Promise<{ coldStarts: ColdStart[]; notes: string[] }> {
  const notes: string[] = [];
  const coldStarts: ColdStart[] = [];
  const listWorkspaces = fillPath(ctx.routes.listWorkspaces.pathTemplate, {});
  const ok = async (url: string, authorization: string) =>
    (await httpCall(url, { headers: { authorization }, timeoutMs: 2000 })).status === 200;

  const startScript = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts
    ?.start;
  const mockCommands = mockLaunchCommands(startScript);
  if (!mockCommands.some((c) => c.isStartCommand))
    notes.push(
      `Mock cold start not measured: package.json scripts.start is ${startScript ? `"${startScript}", not one plain command` : 'missing'}.`,
    );
  // Ready means: the control API mints a key, and that key gets a 200 from the API.
  const newMockProbe = () => {
    let token: string | undefined;
    return async (origin: string) => {
      token ??= await mintKey(origin, [ctx.routes.listWorkspaces.scope], null);
      return ok(origin + ctx.basePath + listWorkspaces, `Bearer ${token}`);
    };
  };
  for (const command of mockCommands) {
    process.stdout.write(`  cold start: ${command.label}…\n`);
    coldStarts.push(await timeColdStart(command, runs, newMockProbe));
  }

  const prism: LaunchCommand = {
    label: 'Prism 5',
    shown: prismCommand('<port>'),
    executable: binPath('prism'),
    args: (port) => prismArgs(port),
    isStartCommand: false,
    prime: false,
  };
  process.stdout.write('  cold start: Prism…\n');
  coldStarts.push(await timeColdStart(prism, runs, () => (origin) => ok(origin + listWorkspaces, PLACEHOLDER_AUTH.granted)));
  return { coldStarts, notes };
}
