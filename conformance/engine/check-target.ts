// One target checked end to end by the in-process runner: the preflight, the
// plan, the checks in a session over a run board of its own, and the summary.
// It records exactly as a Playwright run does (the run's record of outcomes,
// the exchanges, listing shapes and end on disk) and builds its summary with
// the same builder (summarize-run.ts), so the two front ends cannot disagree.
import { preflight } from './preflight.ts';
import type { PreparedTarget } from './prepare-target.ts';
import type { Api } from '../run/api.ts';
import { planRun, shardPlan } from './plan-run.ts';
import { join } from 'node:path';
import type { Summary } from '../report/summary.ts';
import { countsOf } from '../report/client-counts.ts';
import { makeClient } from './make-client.ts';
import { runBoardOf } from './run-board-of.ts';
import type { CheckResult } from '../report/outcome.ts';
import { runFiles, writeRunFile, type RunEnd } from './run-files.ts';
import { recordWriter } from './run-record.ts';
import { runTarget } from './run-target.ts';
import { resultHead } from './check-runner.ts';
import { RunSession } from './run-session.ts';
import { fileSink } from './exchange-file.ts';
import { writeShapes } from './shapes-file.ts';
import { finishRun, type FinishOptions } from './summarize-run.ts';

export interface CheckTargetOptions {
  shard?: string;
  /** Called as each check ends. */
  onResult?(result: CheckResult): void;
  /** Called with each line the preflight prints. */
  say?(line: string): void;
  /** The client to send with (default: one made from the settings). */
  client?: Api;
  /** Called with the run's session once it exists. */
  onSession?(session: RunSession): void;
  /** How the reports are written (default: into the target's report dir, with junit.xml and the CI counts file). */
  reports?: Partial<Omit<FinishOptions, 'shard'>>;
}

export interface CheckedTarget {
  results: CheckResult[];
  summary: Summary;
}

/** The tag of the in-process runner's files of a run. */
const TAG = 'in-process';

/** Runs the preflight and, unless it stops the run, every planned check of the shard; writes the summary and reports. */
export async function checkTarget(prepared: PreparedTarget, options: CheckTargetOptions = {}): Promise<CheckedTarget> {
  const { settings, secrets } = prepared;
  const started = Date.now();
  const files = runFiles(settings.runDir);
  const record = recordWriter(settings.runDir, TAG);
  const checked = await preflight(settings, secrets);
  checked.notes.forEach((line) => options.say?.(line));
  const plan = shardPlan(planRun(settings), options.shard);
  let results: CheckResult[];
  if (checked.stop) {
    options.say?.(`preflight: ${checked.stop.reason}`);
    writeRunFile(files.stop, checked.stop);
    const reason = `not run: ${checked.stop.reason}`;
    results = plan.map(({ def, status, reason: why }) => ({
      ...resultHead(def),
      ...(status === 'run' ? { status: 'error' as const, reason } : { status, reason: why }),
    }));
    results.forEach((r) => record.ended(r));
    writeRunFile(files.end, { routeProofs: {}, counts: {}, durationMs: Date.now() - started } satisfies RunEnd);
  } else {
    // Shared with the client, so a request still queued when the run stops is never sent.
    const board = runBoardOf(settings);
    const client = options.client
      ? { api: options.client, stats: () => undefined, close: async () => undefined }
      : makeClient(settings, secrets, () => board.breaker.stopped(), board.gate);
    try {
      const sink = fileSink(join(files.exchanges, `${TAG}.jsonl`), client.api.redact);
      const session = new RunSession(client.api, settings, board, '', sink);
      options.onSession?.(session);
      const run = await runTarget(session, plan, {
        onResult: (r) => {
          record.ended(r);
          options.onResult?.(r);
        },
      });
      results = run.results;
      const sent = client.stats();
      if (sent) await board.count(countsOf(sent));
      writeShapes(settings.runDir, TAG, session.api.listingShapes, session.api.redact);
      const end: RunEnd = {
        ...(run.cleanup ? { cleanup: run.cleanup } : {}),
        ...(run.stopped ? { stopped: run.stopped } : {}),
        routeProofs: await session.routeProofs(),
        counts: await board.counts(),
        durationMs: Date.now() - started,
      };
      writeRunFile(files.end, end);
    } finally {
      await client.close();
      board.close(new Error('the run is over'));
    }
  }
  const summary = finishRun(settings, {
    shard: options.shard,
    reportDir: prepared.target.reportDir,
    junit: true,
    ...options.reports,
  });
  return { results, summary };
}
