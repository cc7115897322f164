// What a planted fault is: the seed rule it breaks, the options it needs on,
// and how it replaces the server's parts.
import type { Area } from '../../../../config/config-types.ts';
import type { Parts } from '../parts.ts';

export interface FaultDef {
  /** The seed rule it breaks, and how. */
  breaks: string;
  /** The area of the checks that judge that rule: a run of that area alone must fail. */
  area: Area;
  /** Traits the fault needs (a cookie fault needs cookies set). */
  needs?: { cookies?: boolean };
  /** The parts with the fault planted. */
  apply(parts: Parts): Parts;
}
