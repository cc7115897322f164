// Reads a baseline of known failures (--baseline FILE): an earlier run's summary.json, whose failing checks are the
// known ones, or a list `{ "known": [{ "id", "reason", "expires" }] }`; every field is checked here, where it enters.
import { existsSync, readFileSync } from 'node:fs';

/** A failure the baseline accepts: the check's id, why it fails, and the day after which it no longer counts. */
export interface KnownFailure {
  id: string;
  reason: string;
  /** Last day the entry counts (YYYY-MM-DD, UTC); from the next day on the failure is new again. */
  expires?: string;
}

/** The known failures of a baseline file. */
export interface Baseline {
  /** The file as given on the command line. */
  source: string;
  /** An earlier run's summary.json, or a hand-written list. */
  kind: 'summary' | 'list';
  known: KnownFailure[];
}

/** A baseline file that cannot be used; the message names the file, the entry and the field. */
export class BaselineError extends Error {}

const ENTRY_FIELDS = ['id', 'reason', 'expires'];
// Requirement ids as the suite writes them: an upper-case area prefix, then words (AUTH-listFiles-401).
const CHECK_ID = /^[A-Z]+-[\w-]+$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether text is a calendar day written as YYYY-MM-DD (2027-02-30 is not). */
function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === text;
}

function fromList(raw: Record<string, unknown>, fail: (what: string) => never): KnownFailure[] {
  const extra = Object.keys(raw).filter((k) => k !== 'known');
  if (extra.length) fail(`unknown top-level field "${extra[0]}" (a list has only "known")`);
  if (!Array.isArray(raw.known)) fail('"known" must be an array of { "id", "reason", "expires" }');
  const seen = new Set<string>();
  return (raw.known as unknown[]).map((entry, i) => {
    if (!isObject(entry)) fail(`known[${i}] must be an object { "id", "reason", "expires" }`);
    const { id, reason, expires } = entry;
    if (typeof id !== 'string' || !CHECK_ID.test(id))
      fail(`known[${i}].id must be a check id such as LIST-semantic-ranked, got ${JSON.stringify(id)}`);
    const where = `known[${i}] (${id})`;
    const unknown = Object.keys(entry).find((k) => !ENTRY_FIELDS.includes(k));
    if (unknown) fail(`${where}: unknown field "${unknown}" (the fields are ${ENTRY_FIELDS.join(', ')})`);
    if (seen.has(id)) fail(`${where}: the id is listed twice`);
    seen.add(id);
    // A known failure without a reason is how a baseline rots: nobody can tell when to remove it.
    if (typeof reason !== 'string' || reason.trim() === '') fail(`${where}.reason must say why the check fails (a non-empty string)`);
    if (expires !== undefined && (typeof expires !== 'string' || !isDay(expires)))
      fail(`${where}.expires must be a day as YYYY-MM-DD, got ${JSON.stringify(expires)}`);
    return { id, reason: reason.trim(), ...(expires === undefined ? {} : { expires: expires as string }) };
  });
}

function fromSummary(raw: Record<string, unknown>, fail: (what: string) => never): KnownFailure[] {
  const run = typeof raw.runId === 'string' ? `run ${raw.runId}` : 'the baseline run';
  return (raw.checks as unknown[]).flatMap((check, i) => {
    if (!isObject(check) || typeof check.id !== 'string' || typeof check.status !== 'string')
      fail(`checks[${i}] must be a check with a string "id" and "status" (is this a bucketkit summary.json?)`);
    return check.status === 'fail' ? [{ id: check.id as string, reason: `failed in ${run}` }] : [];
  });
}

/** Parses the text of a baseline file; `source` names it in messages. Throws BaselineError for a file it cannot use. */
export function parseBaseline(text: string, source: string): Baseline {
  const fail = (what: string): never => {
    throw new BaselineError(`--baseline ${source}: ${what}.`);
  };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fail(`not JSON (${(error as Error).message})`);
  }
  if (isObject(raw) && Array.isArray(raw.checks)) return { source, kind: 'summary', known: fromSummary(raw, fail) };
  if (isObject(raw) && 'known' in raw) return { source, kind: 'list', known: fromList(raw, fail) };
  return fail('expected a summary.json of an earlier run (with "checks") or a list { "known": [{ "id", "reason", "expires" }] }');
}

/** Reads and checks a baseline file. Throws BaselineError (exit 3) naming the file, the entry and the field. */
export function loadBaseline(path: string): Baseline {
  if (!existsSync(path))
    throw new BaselineError(`--baseline ${path}: no such file (give a summary.json of an earlier run or a list of known failures).`);
  return parseBaseline(readFileSync(path, 'utf8'), path);
}
