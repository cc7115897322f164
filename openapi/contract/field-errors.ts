// Turns Ajv's errors into the Problem schema's `errors[]` entries: a JSON
// pointer or parameter name per offending field, at most 100 of them (G11).
import type { ErrorObject } from 'ajv/dist/2020.js';
import { discriminatedError } from './discriminators.ts';

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
  // A failed `then` is reported twice: by what it requires and by the `if`, which names no field.
  const named = (errors ?? []).filter((e) => e.keyword !== 'if');
  return named.slice(0, MAX_FIELD_ERRORS).map((e) => {
    const branch = discriminatedError(e);
    if (branch) return { location, field: field ?? branch.pointer, message: branch.message };
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
