// What the engine records of each check it ran (or could not run): the one
// record every report is made from, so no two reports can disagree.
import type { KeyFinding } from '../plan/key-finding.ts';
import type { Step } from '../run/attribution.ts';

export type { KeyFinding, Step };

/**
 * pass; fail (the server broke the requirement); skip (the keys or the run cannot support it, with the key that
 * would enable it); disabled (by overrides.disable); error (it could not run: "not run: ..." or "harness error:
 * ..."); unserved (its route is not served by the deployment: counted apart, never passed); unbuilt (a route's
 * served check found the route not there: not built yet, which the seed lists, told apart from a broken rule).
 */
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'disabled' | 'error' | 'unserved' | 'unbuilt';

export const STATUSES: CheckStatus[] = ['pass', 'fail', 'skip', 'disabled', 'error', 'unserved', 'unbuilt'];

export interface CheckFailureText {
  expected: string;
  actual: string;
  /** A curl command reproducing the exchange that showed the failure; keys as $BUCKETKIT_KEY_<NAME>. */
  curl?: string;
}

/** A check's outcome; every text is redacted already. */
export interface CheckOutcome {
  status: CheckStatus;
  reason?: string;
  failure?: CheckFailureText;
  /** A failing KEY check: each route, scope and bucket where its key did not behave as declared. */
  keyFindings?: KeyFinding[];
}

export interface CheckResult extends CheckOutcome {
  id: string;
  title: string;
  area: string;
  level: string;
  route?: string;
  /** The configured key whose declaration the check verifies (a KEY check), as the check declares it. */
  verifiesKey?: string;
  durationMs?: number;
  /** The requests the check sent itself, in order (set-up shared with other checks is not repeated here). */
  steps?: Step[];
  /** How many requests the check sent (steps are cut at a bound; this is not). */
  requests?: number;
  /** The keys the check used, by config name. */
  keys?: string[];
}

// CSI and OSC sequences and single-character escapes: colours and cursor moves from a terminal-minded server or tool.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[@-Z\\-_])/g;

/**
 * Text without terminal escape codes, as every record keeps it; a copy of its own, so that a short excerpt kept
 * in a record never holds on to the megabytes of the answer it was cut from (V8 keeps a cut string's parent).
 */
export function plain(text: string): string {
  return detach(text.replace(ANSI, ''));
}

/** A string that shares no memory with the one it was cut from. */
export function detach(text: string): string {
  return text.length === 0 ? text : Buffer.from(text, 'utf8').toString('utf8');
}
