// `bucketkit mock` (`npm start` in the kit's checkout): serves the HTTP mock on
// 127.0.0.1:4010 with the seeded world (and fixtures, a profile) and prints the
// banner (base URL, ids, ready keys); with --write-config, the conformance
// suite's config for it. Stops cleanly on SIGINT/SIGTERM, writing the coverage
// report first when asked.
import { startMockServer, type MockServer } from './http/start-mock-server.ts';
import { helpText, invokedAs, parseCliOptions, type CliOptions } from './http/cli-options.ts';
import { banner, type WrittenConfig } from './http/banner.ts';
import { mockConfig, mockConfigText } from '../conformance/embedded/mock-config.ts';
import { writeCoverageFiles } from './http/coverage-files.ts';
import { loadFixturesFile } from './fixtures/load-fixtures-file.ts';
import { loadProfileFile } from './profile/load-profile-file.ts';
import type { Fixtures } from './fixtures/fixture-types.ts';
import { FixturesError } from './fixtures/check-fixtures.ts';
import { ProfileError } from './profile/check-profile.ts';
import { writeFileSync } from 'node:fs';

/** Exit codes: 2 for bad flags or files, 1 when the mock cannot start otherwise. */
const BAD_INPUT = 2;

/** An error in what the user gave (a file, a field of it): exit 2, like a bad flag. */
class InputError extends Error {}

async function start(options: CliOptions): Promise<{ server: MockServer; givenTokens: Set<string> }> {
  let fixtures: Fixtures | undefined;
  let profile: ReturnType<typeof loadProfileFile> | undefined;
  try {
    if (options.fixturesFile) fixtures = (await loadFixturesFile(options.fixturesFile)) as Fixtures;
    if (options.profileFile) profile = loadProfileFile(options.profileFile);
  } catch (error) {
    throw new InputError((error as Error).message, { cause: error });
  }
  const server = await startMockServer({
    port: options.port,
    host: options.host,
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.files !== undefined ? { files: options.files } : {}),
    ...(fixtures ? { fixtures } : {}),
    ...(profile ? { profile } : {}),
    latencyMs: options.latencyMs,
    cors: options.cors,
    allowedHosts: options.allowedHosts,
  });
  return { server, givenTokens: new Set((fixtures?.keys ?? []).flatMap((k) => (k.token ? [k.token] : []))) };
}

/** Writes the conformance suite's config for the listening mock to `file`; returns what the banner tells of it. */
function writeConfig(server: MockServer, file: string): WrittenConfig {
  const tokens: Readonly<Record<string, string>> = server.app.presetKeys;
  const { file: config, env } = mockConfig({
    baseUrl: server.baseUrl,
    workspaces: server.app.info().workspaces,
    keys: server.app.presetPlan.map((key) => ({ ...key, token: tokens[key.name] })),
  });
  writeFileSync(file, mockConfigText(config));
  // The suite's command as this mock's was invoked: the installed kit's, or the checkout's npm script.
  const suite = invokedAs().startsWith('bucketkit') ? 'npx bucketkit conformance' : 'npm run conformance --';
  return { file, env, run: `${suite} --config ${file}` };
}

async function main(): Promise<void> {
  let options: CliOptions;
  try {
    options = parseCliOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${helpText()}`);
    process.exit(BAD_INPUT);
  }
  if (options.help) return void console.log(helpText());
  let started: Awaited<ReturnType<typeof start>>;
  try {
    started = await start(options);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') console.error(`port ${options.port} is in use: pass --port N (or --port 0 for a free one)`);
    else if (code === 'EACCES')
      console.error(`port ${options.port} needs privileges on this machine: pass --port N above 1023 (or --port 0 for a free one)`);
    else console.error(`The mock could not start: ${(error as Error).message}`);
    const badInput = error instanceof InputError || error instanceof FixturesError || error instanceof ProfileError;
    process.exit(badInput ? BAD_INPUT : 1);
  }
  const { server, givenTokens } = started;
  let written: WrittenConfig | undefined;
  try {
    if (options.configFile) written = writeConfig(server, options.configFile);
  } catch (error) {
    console.error(`--write-config ${options.configFile}: ${(error as Error).message}`);
    await server.close();
    process.exit(BAD_INPUT);
  }
  // Listening for signals before the banner: whoever reads the banner may press Ctrl-C at once.
  let stopping = false;
  const stop = (signal: string) => {
    // A second signal while stopping must not cut the coverage report short.
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the mock.`);
    if (options.coverageFile) {
      try {
        const written = writeCoverageFiles(options.coverageFile, server.coverage());
        console.log(`Coverage written to ${written.json} and ${written.markdown}.`);
      } catch (error) {
        console.error(`The coverage report could not be written: ${(error as Error).message}`);
      }
    }
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(banner(server, Math.round(performance.now()), givenTokens, written));
}

main().catch((error) => {
  console.error(`The mock could not start: ${(error as Error).message}`);
  process.exit(1);
});
