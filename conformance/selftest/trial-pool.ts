// The self-test's worker processes: the runs are shared out over a few
// processes (one per core by default), each checking several at once, so the
// checks and the mocks of the trials use every core. Longest runs go first.
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Run, RunOutcome } from './check-run.ts';

/** What a worker is sent: its tokens and report root once, then runs. */
export type WorkerMessage = { kind: 'setup'; tokens: Record<string, string>; root: string } | { kind: 'run'; run: Run };

/** What a worker sends back for each run. */
type WorkerReply = { kind: 'done'; outcome: RunOutcome } | { kind: 'failed'; name: string; error: string };

const WORKER = fileURLToPath(new URL('./trial-worker.ts', import.meta.url));

export class TrialPool {
  private readonly workers: ChildProcess[];

  /** `processes` workers, each with at most `perProcess` runs in flight. */
  constructor(
    processes: number,
    private readonly perProcess: number,
    tokens: Record<string, string>,
    root: string,
  ) {
    this.workers = Array.from({ length: processes }, () => {
      const worker = fork(WORKER, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      worker.send({ kind: 'setup', tokens, root } satisfies WorkerMessage);
      return worker;
    });
  }

  /** Checks every run (in the order given, as workers free up); resolves with the outcomes in that order. */
  check(runs: Run[]): Promise<RunOutcome[]> {
    const outcomes = new Map<string, RunOutcome>();
    const queue = [...runs];
    return new Promise((resolve, reject) => {
      const cleanups: (() => void)[] = [];
      const finish = (error?: Error) => {
        cleanups.forEach((undo) => undo());
        if (error) reject(error);
        else resolve(runs.map((run) => outcomes.get(run.name)!));
      };
      const sendNext = (worker: ChildProcess) => {
        const run = queue.shift();
        if (run) worker.send({ kind: 'run', run } satisfies WorkerMessage);
      };
      for (const worker of this.workers) {
        const onMessage = (reply: WorkerReply) => {
          if (reply.kind === 'failed') return finish(new Error(`the run ${reply.name} could not complete: ${reply.error}`));
          outcomes.set(reply.outcome.name, reply.outcome);
          if (outcomes.size === runs.length) return finish();
          sendNext(worker);
        };
        const onExit = (code: number | null) => finish(new Error(`a self-test worker stopped (exit ${code}) before its runs ended`));
        worker.on('message', onMessage);
        worker.on('exit', onExit);
        cleanups.push(() => {
          worker.off('message', onMessage);
          worker.off('exit', onExit);
        });
        for (let i = 0; i < this.perProcess; i++) sendNext(worker);
      }
      if (runs.length === 0) finish();
    });
  }

  /** Stops the workers; resolves once they have exited. */
  async close(): Promise<void> {
    await Promise.all(
      this.workers.map((worker) =>
        worker.exitCode !== null || worker.signalCode !== null
          ? undefined
          : new Promise((resolve) => {
              worker.once('exit', resolve);
              worker.disconnect();
            }),
      ),
    );
  }
}
