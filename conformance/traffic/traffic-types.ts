// Traffic: requests an oracle check sends so that a rule is judged on more
// than the checks' own calls: HEAD of GET routes, other spellings of a path,
// method overrides, odd Authorization headers, every listing read by a key
// barred from the other bucket. A task asserts nothing itself; the oracle
// check of its rule and route judges what its exchanges show.
import type { KeyNeed } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { SetupPart } from '../plan/fixture-types.ts';

export interface TrafficTask {
  /** Names the task in reports. */
  name: string;
  /** The route whose oracle checks send it, and the rules (ORACLE_RULES slugs) it gives those checks a chance to see broken. */
  operationId: string;
  rules: string[];
  /** The keys it sends with, by role (planned like a check's; a task whose keys no configured key fits is not sent). */
  keys: Record<string, KeyNeed>;
  /** It sends writing requests (never sent in a --read-only run). */
  writes: boolean;
  /** The parts of the shared test files it needs. */
  needs?: SetupPart[];
  /** Sends the requests; throws only when it could not (the oracles then say what no exchange proved). */
  run(ctx: CheckRun): Promise<void>;
}
