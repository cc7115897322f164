// Which check (or which part of the set-up) a request belongs to, carried
// across awaits: the engine runs many checks at once over one client, and each
// check's report lists only the requests it sent and the test files it used.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';

/** One request a check sent, as its report shows it: the redacted request line and what came back. */
export interface Step {
  title: string;
  /** The HTTP status, or undefined when no answer came. */
  status?: number;
  ms: number;
}

/** The most steps a check's report keeps (a paging check may send a hundred requests). */
export const MAX_STEPS = 200;

export interface Attribution {
  /** The check's id, or a set-up part's name ("set-up: listing files"). */
  owner: string;
  /** Whether the owner is a check, a part of the set-up, traffic sent for the rules judged over every exchange, or the cleanup. */
  phase: 'check' | 'setup' | 'traffic' | 'cleanup';
  steps: Step[];
  requests: number;
  /** Test files the owner created or used (kept for reproduction when the check fails). */
  files: Set<string>;
  /** The exchanges the owner sent itself (not those of set-up it waited for), for the rules judged as it ends. */
  exchanges: LoggedExchange[];
}

const storage = new AsyncLocalStorage<Attribution>();
// A Playwright worker runs one test at a time, and its test body does not run inside the fixture's async context:
// the test's own attribution is the process's, and set-up parts still carry theirs through the storage.
let processOwner: Attribution | undefined;

/** Makes `attribution` the owner of every request this process sends outside an attributed task (undefined clears it). */
export function attributeProcess(attribution: Attribution | undefined): void {
  processOwner = attribution;
}

/** A fresh attribution for an owner. */
export function attributionOf(owner: string, phase: Attribution['phase']): Attribution {
  return { owner, phase, steps: [], requests: 0, files: new Set(), exchanges: [] };
}

/** Runs `body` with its requests attributed to `attribution`. */
export function attributed<T>(attribution: Attribution, body: () => Promise<T>): Promise<T> {
  return storage.run(attribution, body);
}

/** The attribution of the code running now, if any. */
export function currentAttribution(): Attribution | undefined {
  return storage.getStore() ?? processOwner;
}

/** Records a step on the current attribution (bounded). */
export function recordStep(step: Step): void {
  const current = currentAttribution();
  if (!current) return;
  current.requests++;
  if (current.steps.length < MAX_STEPS) current.steps.push(step);
}
