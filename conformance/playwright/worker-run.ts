// A Playwright worker's part of a run: the run's settings (written by the
// global set-up), the keys' tokens (from the environment, never a file), the
// run board (over its loopback port), a client of its own, and the session
// its tests send through — each request a step of the test that sent it,
// each exchange appended to the worker's file of the run's exchanges, each
// result to the worker's part of the run's record.
import { test } from '@playwright/test';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readRunFile, readSettings, runFiles, type RunStop } from '../engine/run-files.ts';
import { makeClient, type TargetClient } from '../engine/make-client.ts';
import { RunSession } from '../engine/run-session.ts';
import type { Stepper } from '../engine/session-api.ts';
import { connectBoard } from '../run/board-wire.ts';
import type { RunBoard } from '../run/run-board.ts';
import type { PlannedCheck } from '../plan/check-types.ts';
import { planRun } from '../engine/plan-run.ts';
import { blameIn } from '../engine/check-runner.ts';
import { recordWriter, type RecordWriter } from '../engine/run-record.ts';
import { fileSink } from '../engine/exchange-file.ts';
import { RUN_ENV } from '../config/run-env.ts';

export interface WorkerRun {
  session: RunSession;
  /** The run's plan with its real settings (the declared plan knows the config's bucket ids only by role), by check id. */
  plan: Map<string, PlannedCheck>;
  board: RunBoard & { close(): void };
  client: TargetClient;
  /** Why the run checks nothing (the preflight stopped it), when it does not. */
  stop?: RunStop;
  /** The worker's part of the run's record of outcomes. */
  record: RecordWriter;
  /** Of the checks a set-up step rests on, the one a "not run" points at. */
  blameOf: (ids: string[]) => string | undefined;
  /** Names this process's files of the run. */
  tag: string;
}

// Every request's step points at the client: a location given spares Playwright a stack trace per step, which would
// cost more than the request itself on a fast deployment.
const STEP_LOCATION = { file: fileURLToPath(new URL('../engine/session-api.ts', import.meta.url)), line: 1, column: 1 };

/** Each request a step of the test sending it (outside a test, as it is). */
const stepper: Stepper = (title, body) => {
  try {
    test.info();
  } catch {
    return body();
  }
  return test.step(title, body, { location: STEP_LOCATION });
};

/** Joins the run the global set-up prepared. */
export async function joinRun(workerIndex: number): Promise<WorkerRun> {
  const runDir = process.env[RUN_ENV.runDir];
  const address = process.env[RUN_ENV.board];
  if (!runDir || !address)
    throw new Error(
      `${RUN_ENV.runDir} and ${RUN_ENV.board} are not set: run the suite with its Playwright config (or npx bucketkit conformance).`,
    );
  const settings = readSettings(runDir);
  const secrets = settings.keys.map((k) => ({ env: k.env, token: process.env[k.env] ?? '' }));
  const board = await connectBoard(address);
  // Every worker's requests are paced and bounded by the run board, as one client's would be.
  const client = makeClient(settings, secrets, undefined, board);
  const tag = `worker-${workerIndex}-${process.pid}`;
  const sink = fileSink(join(runFiles(runDir).exchanges, `${tag}.jsonl`), client.api.redact);
  const session = new RunSession(client.api, settings, board, `w${workerIndex}`, sink, stepper);
  const planned = planRun(settings);
  return {
    session,
    plan: new Map(planned.map((p) => [p.def.id, p])),
    board,
    client,
    stop: readRunFile<RunStop>(runFiles(runDir).stop),
    record: recordWriter(runDir, tag),
    blameOf: blameIn(planned),
    tag,
  };
}
