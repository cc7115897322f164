// Traffic: requests the run sends only so that the rules judged over every
// exchange (the oracles) see more of the deployment: HEAD of GET routes, other
// spellings of a path, method overrides, odd Authorization headers, every
// listing read by a key barred from the other bucket. A traffic task asserts
// nothing itself; what its exchanges show is judged with everything else.
import type { CheckRun, KeyNeed } from '../plan/check-types.ts';
import type { SetupPart } from '../plan/fixture-types.ts';

export interface TrafficTask {
  /** Names the task in reports (its requests are attributed to "traffic: <name>"). */
  name: string;
  /** The keys it sends with, by role (planned like a check's; a task whose keys no configured key fits is not sent). */
  keys: Record<string, KeyNeed>;
  /** It sends writing requests (never sent in a --read-only run). */
  writes: boolean;
  /** The parts of the shared test files it needs. */
  needs?: SetupPart[];
  /** Sends the requests; throws only when it could not (the oracles then say what no exchange proved). */
  run(ctx: CheckRun): Promise<void>;
}
