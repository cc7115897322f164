// --learn after a Playwright run: the run's exchanges (every process wrote
// its own, keys redacted) and the learner's probes among them are read back,
// and the deployment's observed choices written as a profile the mock plays.
import { join, resolve } from 'node:path';
import { readRunFile, readSettings, runFiles } from '../engine/run-files.ts';
import { createRedactor } from '../http/redact.ts';
import { learnDeployment } from '../learn/learn-profile.ts';
import { writeLearnedProfile } from '../learn/write-profile.ts';
import { viewOf } from '../oracles/exchange-view.ts';
import { readExchangeFiles } from '../engine/exchange-file.ts';
import type { CliOptions } from '../config/cli-args.ts';

/** Learns from the run in the report dir and writes the profile; the lines to print. */
export function learnFromRun(options: CliOptions): string[] {
  const runDir = join(resolve(options.reportDir), 'run');
  const files = runFiles(runDir);
  if (!readRunFile(files.settings) || readRunFile(files.stop))
    return [`--learn: nothing learned, the run never reached the deployment; ${options.learn} not written.`];
  const settings = readSettings(runDir);
  const views = readExchangeFiles(files.exchanges).flatMap((entry) => viewOf(entry, settings.baseUrl) ?? []);
  // The exchanges on disk are redacted already; the keys this process knows are redacted once more.
  const redact = createRedactor(settings.keys.flatMap((k) => (process.env[k.env] ? [{ env: k.env, token: process.env[k.env]! }] : [])));
  const learned = learnDeployment(views, settings, redact);
  return writeLearnedProfile(resolve(options.learn!), learned, redact);
}
