// Turns Ajv's errors into the Problem schema's `errors[]` entries: a JSON
// pointer or parameter name per offending field, at most 100 of them (G11).
import type { ErrorObject } from 'ajv/dist/2020.js';

/** One offending field, as the Problem schema's `errors[]` names it. */
export interface FieldError {
  location: 'body' | 'query' | 'path' | 'header';
  field: string;
  message: string;
}

/** A problem body names at most this many fields (G11). */
export const MAX_FIELD_ERRORS = 100;
/** The field errors of Ajv's errors, capped at MAX_FIELD_ERRORS. */
export function toFieldErrors(location: FieldError['location'], errors: ErrorObject[] | null | undefined, field?: string): FieldError[] {
  return (errors ?? []).slice(0, MAX_FIELD_ERRORS).map((e) => {
    let pointer = field ?? e.instancePath;
    if (e.keyword === 'required') pointer = `${e.instancePath}/${(e.params as { missingProperty: string }).missingProperty}`;
    if (e.keyword === 'additionalProperties')
      pointer = `${e.instancePath}/${(e.params as { additionalProperty: string }).additionalProperty}`;
    const message =
      e.keyword === 'additionalProperties'
        ? 'is not a known field'
        : e.keyword === 'required'
          ? 'is required'
          : (e.message ?? 'is invalid');
    return { location, field: pointer, message };
  });
}
