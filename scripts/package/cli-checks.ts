// Checks of the installed `bucketkit` command in a consumer project: its version, the HTTP mock (and starting it for
// other checks), and Prism mode's help and message without the optional Prism package.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseBanner, type MockBanner } from './mock-banner.ts';
import { KIT_ROOT } from './pack-kit.ts';
import { runCommand, tail } from './run-command.ts';
import type { ConsumerProject } from './consumer-project.ts';

/** Throws `message` unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** `npx bucketkit --version` prints the kit's version. */
export async function checkVersion(project: ConsumerProject): Promise<void> {
  const { version } = JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { version: string };
  const result = await runCommand('npx', ['--no-install', 'bucketkit', '--version'], { cwd: project.dir, env: project.env });
  expectThat(
    result.code === 0 && result.stdout.trim() === version,
    `expected "${version}", got exit ${result.code}:\n${tail(result.output)}`,
  );
}

/** Whether any process of the group `pid` leads is still running. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Starts `npx bucketkit mock --port 0 <args>`, waits for its banner, runs `use`, then stops it as Ctrl-C does. */
export async function withMock(
  project: ConsumerProject,
  args: string[],
  use: (banner: MockBanner, output: () => string) => Promise<void>,
): Promise<void> {
  // Its own process group, like a terminal's foreground job: Ctrl-C signals npx and the mock behind it.
  const child = spawn('npx', ['--no-install', 'bucketkit', 'mock', '--port', '0', ...args], {
    cwd: project.dir,
    env: project.env,
    detached: true,
  });
  const pid = child.pid!;
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  try {
    const deadline = Date.now() + 30_000;
    let banner: MockBanner | undefined;
    while (!(banner = parseBanner(output))) {
      expectThat(child.exitCode === null, `the mock exited (${child.exitCode}) before its banner:\n${tail(output)}`);
      expectThat(Date.now() < deadline, `no banner within 30 s:\n${tail(output)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await use(banner, () => output);
  } finally {
    if (groupAlive(pid)) process.kill(-pid, 'SIGINT');
  }
  const stopBy = Date.now() + 10_000;
  while (groupAlive(pid) && Date.now() < stopBy) await new Promise((resolve) => setTimeout(resolve, 100));
  if (groupAlive(pid)) {
    process.kill(-pid, 'SIGKILL');
    throw new Error(`the mock was still running 10 s after Ctrl-C:\n${tail(output)}`);
  }
  expectThat(output.includes('SIGINT: stopping the mock.'), `the mock did not stop cleanly on Ctrl-C:\n${tail(output)}`);
}

const FIXTURES = {
  workspaces: [
    {
      id: 'ws_cli',
      name: 'From the CLI',
      buckets: [
        {
          id: 'bkt_cli',
          name: 'B',
          files: [
            { path: 'a.txt', content: 'a' },
            { path: 'b.txt', trashed: true },
          ],
        },
      ],
    },
  ],
  keys: [{ name: 'cli-reader', scopes: ['files:read'], bucketIds: ['bkt_cli'] }],
};

/**
 * The mock with `--fixtures` (a JSON file) and `--coverage`: GET /workspaces with a banner key lists the banner's
 * workspaces (the fixtures' last), 401 without one, the fixture key lists its bucket; on Ctrl-C the coverage report is written.
 */
export async function checkMock(project: ConsumerProject): Promise<void> {
  writeFileSync(join(project.dir, 'cli-fixtures.json'), JSON.stringify(FIXTURES));
  await withMock(project, ['--fixtures', 'cli-fixtures.json', '--coverage', 'reports/mock-coverage.json'], async (banner, output) => {
    expectThat(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/.test(banner.baseUrl), `unexpected base URL ${banner.baseUrl}`);
    expectThat(
      banner.workspaceIds.at(-1) === 'ws_cli',
      `the banner does not end with the fixtures' workspace: ${banner.workspaceIds.join()}`,
    );
    const listed = await fetch(`${banner.baseUrl}/workspaces`, { headers: { Authorization: `Bearer ${banner.keys.readonly}` } });
    const body = (await listed.json()) as { data?: { id: string }[] };
    expectThat(listed.status === 200, `GET /workspaces with the read-only key: ${listed.status}`);
    const ids = body.data?.map((w) => w.id) ?? [];
    expectThat(ids.join() === banner.workspaceIds.join(), `listed ${ids.join()} but the banner shows ${banner.workspaceIds.join()}`);
    const anonymous = await fetch(`${banner.baseUrl}/workspaces`);
    expectThat(anonymous.status === 401, `GET /workspaces without a key: ${anonymous.status}, expected 401`);
    const reader = /^\s+cli-reader\s+(\S+)$/m.exec(output())?.[1];
    const files = await fetch(`${banner.baseUrl}/workspaces/ws_cli/buckets/bkt_cli/files`, {
      headers: { Authorization: `Bearer ${reader}` },
    });
    const paths = (((await files.json()) as { data?: { path: string }[] }).data ?? []).map((f) => f.path);
    expectThat(files.status === 200 && paths.join() === 'a.txt', `the fixture key lists ${files.status} ${paths.join()}`);
  });
  const markdown = readFileSync(join(project.dir, 'reports/mock-coverage.md'), 'utf8');
  for (const line of ['| `listWorkspaces` GET /workspaces | 2 | 200 ×1, 401 unauthenticated ×1 |', '| `listFiles` GET '])
    expectThat(markdown.includes(line), `reports/mock-coverage.md lacks "${line}":\n${tail(markdown)}`);
}

/**
 * Without the optional Prism package, `bucketkit prism` says what to install and exits 2; `bucketkit prism --help`
 * shows its help (exit 0) and the same hint after it.
 */
export async function checkPrismAbsent(project: ConsumerProject): Promise<void> {
  const result = await runCommand('npx', ['--no-install', 'bucketkit', 'prism'], { cwd: project.dir, env: project.env });
  expectThat(result.code === 2, `exit ${result.code}, expected 2:\n${tail(result.output)}`);
  const hint = /npm install --save-dev @stoplight\/prism-cli@/;
  expectThat(hint.test(result.output), `no install hint in:\n${tail(result.output)}`);
  const help = await runCommand('npx', ['--no-install', 'bucketkit', 'prism', '--help'], { cwd: project.dir, env: project.env });
  expectThat(
    help.code === 0 && /^Usage: bucketkit prism \[options\]/.test(help.stdout),
    `prism --help: exit ${help.code}:\n${tail(help.output)}`,
  );
  expectThat(hint.test(help.stdout.split('--help')[1] ?? ''), `prism --help gives no install hint after its help:\n${tail(help.output)}`);
}
