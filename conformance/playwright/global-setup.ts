// The run's global set-up and teardown, in Playwright's runner process, before
// any test is collected and after the last one ended: the deployment (from
// the config and BUCKETKIT_* variables, or the embedded mock), the run's
// settings and report dir, the preflight, the intelligence snapshot, and the
// run board every worker joins; at the end the learner's probes (--learn),
// the cleanup, and what the run's end found, for the reports.
import type { FullConfig } from '@playwright/test';
import { join, resolve } from 'node:path';
import { parseArgs } from '../config/cli-args.ts';
import { readCa } from '../config/read-ca.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { makeClient } from '../engine/make-client.ts';
import { preflight } from '../engine/preflight.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import { runFiles, writeRunFile, type RunEnd } from '../engine/run-files.ts';
import { finishRun } from '../engine/summarize-run.ts';
import { isHarnessError } from '../engine/check-runner.ts';
import { writeShapes } from '../engine/shapes-file.ts';
import { loadBaseline } from '../report/baseline.ts';
import { runVerdict } from '../report/run-verdict.ts';
import { RunSession } from '../engine/run-session.ts';
import { endTarget, ledgerRunEntry, rememberIntelligence } from '../engine/run-target.ts';
import { createRedactor } from '../http/redact.ts';
import { serveBoard } from '../run/board-wire.ts';
import { runBoardOf } from '../engine/run-board-of.ts';
import { countsOf } from '../report/client-counts.ts';
import { fileSink } from '../engine/exchange-file.ts';
import { RUN_ENV } from '../config/run-env.ts';
import { judgedSetupStep } from '../client/judged-setup.ts';

/** The deployment of the run: the configured one, or the embedded mock started here (with any planted faults). */
async function resolveTarget(env: NodeJS.ProcessEnv, config: string | undefined) {
  if (hasConfigSource(config, env)) return { config: loadConfig(config, env), close: async () => undefined };
  const faults = (env[RUN_ENV.faults] ?? '').split(',').filter(Boolean);
  return startEmbeddedTarget(faults);
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  const env = process.env;
  const options = parseArgs([], env);
  const target = await resolveTarget(env, options.config);
  try {
    const tokens = resolveTokens(target.config, env);
    // Workers inherit the runner's environment: the keys' own variables carry their tokens, never a file.
    for (const t of tokens) process.env[t.env] = t.token;
    const { settings, secrets } = prepareTarget(target.config, tokens, {
      name: 'conformance',
      reportDir: options.reportDir,
      level: options.level,
      readOnly: options.readOnly,
      requestTimeoutMs: options.requestTimeoutMs,
      concurrency: options.concurrency,
      maxRps: options.maxRps,
      keepForRepro: options.keep,
      ca: options.ca ? readCa(options.ca) : undefined,
      alsoClear: ['conformance-results.json', 'blob', 'authorization-matrix.html', 'authorization-matrix.md'],
      learn: options.learn !== undefined,
      allowUnbuilt: options.allowUnbuilt,
    });
    process.env[RUN_ENV.runDir] = settings.runDir;
    const files = runFiles(settings.runDir);
    const redact = createRedactor(secrets);
    console.log(redact(`Checking ${settings.baseUrl} (level ${settings.level}, ${settings.concurrency} requests at a time)`));
    const checked = await preflight(settings, secrets);
    for (const line of checked.notes) console.log(redact(line));
    if (checked.stop) {
      console.log(redact(`preflight: ${checked.stop.reason}`));
      writeRunFile(files.stop, checked.stop);
    }
    const board = runBoardOf(settings);
    const client = makeClient(settings, secrets, () => board.breaker.stopped(), board.gate);
    const session = new RunSession(client.api, settings, board, 'm', fileSink(join(files.exchanges, 'runner.jsonl'), redact));
    ledgerRunEntry(settings);
    if (!checked.stop && !settings.readOnly) await judgedSetupStep(session, 'set-up: intelligence', () => rememberIntelligence(session));
    const server = await serveBoard(board);
    process.env[RUN_ENV.board] = server.address;

    return async () => {
      const { cleanup, stopped } = checked.stop ? {} : await endTarget(session);
      await board.count(countsOf(client.stats()));
      writeShapes(settings.runDir, 'runner', session.api.listingShapes, redact);
      const end: RunEnd = {
        ...(cleanup ? { cleanup } : {}),
        ...(stopped ? { stopped } : {}),
        routeProofs: await session.routeProofs(),
        counts: await board.counts(),
        durationMs: Date.now() - started,
      };
      writeRunFile(files.end, end);
      await server.close();
      board.close(new Error('the run is over'));
      await client.close();
      await target.close();
      const shard = config.shard ? `${config.shard.current}/${config.shard.total}` : undefined;
      const baselineFile = env.BUCKETKIT_BASELINE;
      const summary = finishRun(settings, {
        shard,
        baseline: baselineFile ? loadBaseline(baselineFile) : undefined,
        reportDir: resolve(settings.runDir, '..'),
        junit: false,
      });
      const verdict = runVerdict(summary);
      // A failing check or user test fails its own test already; a run that judged nothing, or not all, fails here.
      const failedTests = summary.totals.fail + (summary.userTests ?? []).filter((u) => u.status === 'failed').length;
      const harness = summary.checks.some(isHarnessError);
      if (verdict.exitCode !== 0 && failedTests === 0 && !harness) {
        const error = new Error(`bucketkit: ${verdict.label} (exit ${verdict.exitCode}): ${verdict.reason}`);
        // The verdict is the message: no stack, no code frame of this file under it.
        error.stack = error.message;
        throw error;
      }
    };
  } catch (error) {
    await target.close();
    throw error;
  }
}
