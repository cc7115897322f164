// How a check's identity and outcome are shown on its Playwright test: as
// annotations (requirement, area, level, route, status, reason, expected,
// actual, reproduce), every text redacted already and free of escape codes.
import { plain, type CheckOutcome } from '../report/outcome.ts';

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
} as const;

/** The annotations that declare a check. */
export function identityAnnotations(c: { id: string; area: string; level: string; route?: string; target: number }): Annotation[] {
  return [
    { type: NOTE.requirement, description: c.id },
    { type: NOTE.area, description: c.area },
    { type: NOTE.level, description: c.level },
    ...(c.route ? [{ type: NOTE.route, description: c.route }] : []),
    { type: NOTE.target, description: String(c.target) },
  ];
}

/** The annotations of an outcome. */
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

/** The message a failed check's test shows. */
export function failureMessage(annotations: readonly Annotation[]): string {
  const id = noteOf(annotations, NOTE.requirement) ?? 'the check';
  const reproduce = noteOf(annotations, NOTE.reproduce);
  return [
    `${id} FAILED`,
    `expected ${noteOf(annotations, NOTE.expected) ?? ''}`,
    `got ${noteOf(annotations, NOTE.actual) ?? ''}`,
    ...(reproduce ? [`reproduce: ${reproduce}`] : []),
  ].join('\n');
}
