// Every planted fault of the independent server, by name. Add one by writing
// its `FaultDef` in the file of its area; the name is then a `FaultName`.
import { AUTH_FAULTS } from './auth-faults.ts';
import { BUCKET_FAULTS } from './bucket-faults.ts';
import type { FaultDef } from './fault-types.ts';
import { LISTING_FAULTS } from './listing-faults.ts';

export const FAULTS = { ...AUTH_FAULTS, ...BUCKET_FAULTS, ...LISTING_FAULTS } satisfies Record<string, FaultDef>;

export type FaultName = keyof typeof FAULTS;

/** Every fault's name. */
export const FAULT_NAMES = Object.keys(FAULTS) as FaultName[];
