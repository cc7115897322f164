// The run's global set-up and teardown, in Playwright's runner process, before
// any test is collected and after the last one ended: the deployment (from
// the config and BUCKETKIT_* variables, or the embedded mock), the run's
// settings and report dir, the preflight, the intelligence snapshot, and the
// run board every worker joins; at the end the learner's probes (--learn),
// the cleanup, and what the run's end found, for the reports.
import { join } from 'node:path';
import { parseArgs } from '../config/cli-args.ts';
import { readCa } from '../config/read-ca.ts';
import { hasConfigSource, loadConfig, resolveTokens } from '../config/load-config.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { attributed, attributionOf } from '../run/attribution.ts';
import { makeClient } from '../engine/make-client.ts';
import { preflight } from '../engine/preflight.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import { runFiles, writeRunFile } from '../engine/run-files.ts';
import { RunSession } from '../engine/run-session.ts';
import { ledgerRunEntry, rememberIntelligence } from '../engine/run-target.ts';
import { createRedactor } from '../http/redact.ts';
import { cleanupLedger } from '../ledger/cleanup.ts';
import { serveBoard } from '../run/board-wire.ts';
import { LocalBoard } from '../run/local-board.ts';
import { countsOf } from '../report/client-counts.ts';
import { sendLearnProbes } from '../traffic/learn-probes.ts';
import { fileSink } from './exchange-file.ts';
import { RUN_ENV } from './run-env.ts';
import type { RunEnd } from './run-summary.ts';
import { judgedSetupStep } from '../client/judged-setup.ts';

/** The deployment of the run: the configured one, or the embedded mock started here (with any planted faults). */
async function resolveTarget(env: NodeJS.ProcessEnv, config: string | undefined) {
  if (hasConfigSource(config, env)) return { config: loadConfig(config, env), close: async () => undefined };
  const faults = (env[RUN_ENV.faults] ?? '').split(',').filter(Boolean);
  return startEmbeddedTarget(faults);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
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
    const board = new LocalBoard({ concurrency: settings.concurrency, maxRps: settings.maxRps });
    const client = makeClient(settings, secrets, () => board.breaker.stopped(), board.gate);
    const session = new RunSession(client.api, settings, board, 'm', fileSink(join(files.exchanges, 'runner.jsonl'), redact));
    ledgerRunEntry(settings);
    if (!checked.stop && !settings.readOnly) await judgedSetupStep(session, 'set-up: intelligence', () => rememberIntelligence(session));
    const server = await serveBoard(board);
    process.env[RUN_ENV.board] = server.address;

    return async () => {
      const stopped = board.breaker.stopped();
      if (!checked.stop && !stopped && settings.learn) await sendLearnProbes(session);
      const cleanup = checked.stop
        ? undefined
        : stopped
          ? { removed: 0, restored: 0, kept: [], problems: [`not attempted, the run stopped (${stopped}); run --cleanup ${files.ledger}`] }
          : await attributed(attributionOf('cleanup', 'cleanup'), () =>
              cleanupLedger(
                files.ledger,
                { workspaceId: settings.workspaceId, keys: settings.keys, send: (r) => session.api.send(r) },
                { keepForRepro: settings.keepForRepro },
              ).catch((error: Error) => ({ removed: 0, restored: 0, kept: [], problems: [redact(error.message)] })),
            );
      await board.count(countsOf(client.stats()));
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
    };
  } catch (error) {
    await target.close();
    throw error;
  }
}
