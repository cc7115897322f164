// What the CLI checks before it starts a run: the config (or the deployment
// variables) loads, and every key has a token, so a run that cannot start
// stops with exit 3 and the fix instead of an error inside Playwright.
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import type { CliOptions } from '../config/cli-args.ts';
import { readCa } from '../config/read-ca.ts';

/** Throws a ConfigError or UsageError naming the problem; nothing when the run can start. */
export function checkConfigBeforeRun(options: CliOptions, env: NodeJS.ProcessEnv): void {
  if (options.ca) readCa(options.ca);
  if (!hasConfigSource(options.config, env)) return;
  if (options.faults.length) throw new Error('--fault plants faults in the embedded mock; it cannot be combined with a config.');
  resolveTokens(loadConfig(options.config, env), env);
}

/** The same for --list, which sends nothing: the config (or the deployment variables) must load; tokens need not be set. */
export function checkConfigBeforeList(options: CliOptions, env: NodeJS.ProcessEnv): void {
  if (hasConfigSource(options.config, env)) loadConfig(options.config, env);
}
