// How a check's outcome travels from the test to the reporter: Playwright
// annotations (shown in the HTML report too), every text redacted and plain.

/** The outcome of a check as the summary states it. */
export type CheckStatus = 'pass' | 'fail' | 'skip' | 'disabled' | 'error';

export interface CheckFailureText {
  expected: string;
  actual: string;
  curl?: string;
}

/** One check's outcome, as the test records it. */
export interface CheckOutcome {
  status: CheckStatus;
  reason?: string;
  failure?: CheckFailureText;
}

/** What a test is, declared when it is registered. */
export interface CheckIdentity {
  id: string;
  area: string;
  level: string;
  route?: string;
  /** Index of the target in the run manifest. */
  target: number;
}

export interface Annotation {
  type: string;
  description?: string;
}

/** Annotation types; `requirement` is the check's id. */
export const NOTE = {
  requirement: 'requirement',
  area: 'area',
  level: 'level',
  route: 'route',
  target: 'bucketkit-target',
  status: 'bucketkit-status',
  reason: 'reason',
  expected: 'expected',
  actual: 'actual',
  reproduce: 'reproduce',
  /** On the set-up and teardown tests: which target they prepare or clean. */
  setup: 'bucketkit-setup',
  teardown: 'bucketkit-teardown',
  /** On a set-up test that could not prepare everything: why. */
  setupProblem: 'setup-problem',
} as const;

// CSI and OSC sequences and single-character escapes: colours and cursor moves from a terminal-minded server or tool.
// eslint-disable-next-line no-control-regex
const ANSI = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[@-Z\\-_])/g;

/** Text without terminal escape codes, as every record keeps it. */
export function plain(text: string): string {
  return text.replace(ANSI, '');
}

/** The annotations that declare a check (what the reporter needs even when the check never runs). */
export function identityAnnotations(identity: CheckIdentity): Annotation[] {
  return [
    { type: NOTE.requirement, description: identity.id },
    { type: NOTE.area, description: identity.area },
    { type: NOTE.level, description: identity.level },
    ...(identity.route ? [{ type: NOTE.route, description: identity.route }] : []),
    { type: NOTE.target, description: String(identity.target) },
  ];
}

/** The annotations of an outcome; every text must be redacted already. */
export function outcomeAnnotations(outcome: CheckOutcome): Annotation[] {
  const notes: Annotation[] = [{ type: NOTE.status, description: outcome.status }];
  if (outcome.reason) notes.push({ type: NOTE.reason, description: plain(outcome.reason) });
  if (outcome.failure) {
    notes.push({ type: NOTE.expected, description: plain(outcome.failure.expected) });
    notes.push({ type: NOTE.actual, description: plain(outcome.failure.actual) });
    if (outcome.failure.curl) notes.push({ type: NOTE.reproduce, description: plain(outcome.failure.curl) });
  }
  return notes;
}

/** The last annotation of a type. */
export function noteOf(annotations: readonly Annotation[], type: string): string | undefined {
  for (let i = annotations.length - 1; i >= 0; i--) if (annotations[i].type === type) return annotations[i].description;
  return undefined;
}

/** The identity a test declared, or undefined for a test that is not a check. */
export function identityOf(annotations: readonly Annotation[]): CheckIdentity | undefined {
  const id = noteOf(annotations, NOTE.requirement);
  const target = noteOf(annotations, NOTE.target);
  if (!id || target === undefined) return undefined;
  return {
    id,
    area: noteOf(annotations, NOTE.area) ?? '',
    level: noteOf(annotations, NOTE.level) ?? '',
    route: noteOf(annotations, NOTE.route),
    target: Number(target),
  };
}

/** The outcome a test recorded, or undefined when it recorded none (it did not run or did not finish). */
export function outcomeOf(annotations: readonly Annotation[]): CheckOutcome | undefined {
  const status = noteOf(annotations, NOTE.status) as CheckStatus | undefined;
  if (!status) return undefined;
  const expected = noteOf(annotations, NOTE.expected);
  const failure =
    expected === undefined
      ? undefined
      : { expected, actual: noteOf(annotations, NOTE.actual) ?? '', curl: noteOf(annotations, NOTE.reproduce) };
  return { status, reason: noteOf(annotations, NOTE.reason), failure };
}
