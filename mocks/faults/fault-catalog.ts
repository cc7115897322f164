// The planted faults: each breaks exactly one rule of the contract while
// everything else stays correct, by replacing or wrapping one part of the
// mock's components. Only the self-test and the mock's own tests switch them on.
import { AUTH_FAULTS } from './auth-faults.ts';
import { BATCH_FAULTS } from './batch-faults.ts';
import { BODY_FIELD_FAULTS } from './body-field-faults.ts';
import { BODY_PARSE_FAULTS } from './body-parse-faults.ts';
import { VALUE_FORM_FAULTS } from './value-form-faults.ts';
import { CHANNEL_FAULTS } from './channel-faults.ts';
import { EDGE_VALUE_FAULTS } from './edge-value-faults.ts';
import { ID_POSITION_FAULTS } from './id-position-faults.ts';
import { PATH_SPELLING_FAULTS } from './path-spelling-faults.ts';
import { QUIET_WRITE_FAULTS } from './quiet-write-faults.ts';
import { REQUEST_LINE_FAULTS } from './request-line-faults.ts';
import { BODY_FAULTS } from './body-faults.ts';
import { BUCKET_FAULTS } from './bucket-faults.ts';
import { HEADER_FAULTS } from './header-faults.ts';
import { HIERARCHY_FAULTS } from './hierarchy-faults.ts';
import { FILTER_FAULTS } from './filter-faults.ts';
import { LISTING_FAULTS } from './listing-faults.ts';
import { MASS_ASSIGNMENT_FAULTS } from './mass-assignment-faults.ts';
import { PATH_FAULTS } from './path-faults.ts';
import { QUERY_FAULTS } from './query-faults.ts';
import { RESPONSE_FAULTS } from './response-faults.ts';
import { SCOPE_FAULTS } from './scope-faults.ts';
import { SPAN_FAULTS } from './span-faults.ts';
import { UPLOAD_FAULTS } from './upload-faults.ts';
import { VARIANT_FAULTS } from './variant-faults.ts';
import { WRITES_FAULTS } from './writes-faults.ts';
import type { FaultDefinition } from './plant.ts';

export type { FaultDefinition } from './plant.ts';

export const FAULT_CATALOG = [
  ...AUTH_FAULTS,
  ...SCOPE_FAULTS,
  ...WRITES_FAULTS,
  ...MASS_ASSIGNMENT_FAULTS,
  ...BUCKET_FAULTS,
  ...SPAN_FAULTS,
  ...HIERARCHY_FAULTS,
  ...PATH_FAULTS,
  ...QUERY_FAULTS,
  ...LISTING_FAULTS,
  ...FILTER_FAULTS,
  ...BODY_FAULTS,
  ...RESPONSE_FAULTS,
  ...UPLOAD_FAULTS,
  ...VARIANT_FAULTS,
  ...PATH_SPELLING_FAULTS,
  ...REQUEST_LINE_FAULTS,
  ...CHANNEL_FAULTS,
  ...ID_POSITION_FAULTS,
  ...BATCH_FAULTS,
  ...EDGE_VALUE_FAULTS,
  ...BODY_FIELD_FAULTS,
  ...BODY_PARSE_FAULTS,
  ...VALUE_FORM_FAULTS,
  ...HEADER_FAULTS,
  ...QUIET_WRITE_FAULTS,
] as const satisfies readonly FaultDefinition[];

export type FaultName = (typeof FAULT_CATALOG)[number]['name'];

export const FAULT_NAMES: readonly FaultName[] = FAULT_CATALOG.map((f) => f.name);

/** Whether a string names a planted fault. */
export function isFaultName(name: string): name is FaultName {
  return (FAULT_NAMES as readonly string[]).includes(name);
}

/** Checks a list of names; throws naming the unknown ones and the valid ones. */
export function parseFaultNames(names: readonly string[]): FaultName[] {
  const unknown = names.filter((n) => !isFaultName(n));
  if (unknown.length > 0)
    throw new Error(`Unknown fault ${unknown.map((n) => `"${n}"`).join(', ')}. Known faults: ${FAULT_NAMES.join(', ')}.`);
  return [...new Set(names)] as FaultName[];
}
