// A worker process of the self-test: checks each run its parent sends (see
// trial-pool.ts) against a fresh embedded mock and sends back the outcome.
import { checkRun, type Run } from './check-run.ts';
import type { WorkerMessage } from './trial-pool.ts';

let tokens: Record<string, string> = {};
let root = '';

process.on('message', (message: WorkerMessage) => {
  if (message.kind === 'setup') {
    ({ tokens, root } = message);
    return;
  }
  const run: Run = message.run;
  // A parent that went away (it stopped the self-test) takes no answer: nothing to send it.
  const send = (reply: object) => process.connected && process.send!(reply, (error: Error | null) => error && process.exit(0));
  checkRun(run, tokens, root).then(
    (outcome) => send({ kind: 'done', outcome }),
    (error: Error) => send({ kind: 'failed', name: run.name, error: error.stack ?? error.message }),
  );
});
// Stop with the parent: a disconnected worker would otherwise keep its mocks open.
process.on('disconnect', () => process.exit(0));
