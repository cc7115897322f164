// The self-test's trials: every planted fault alone, plus the combinations for
// checks that one fault cannot reach (see UPLOAD_COMPLETE_COMBINATIONS).
import { FAULT_NAMES, type FaultName } from '../../mocks/faults/fault-catalog.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { Area, Level } from '../config/config-types.ts';
import { FAULT_EXPECTATIONS, UPLOAD_COMPLETE_COMBINATIONS } from './fault-expectations.ts';

export interface Trial {
  /** The fault name, or the names joined by "+" for a combination. */
  name: string;
  faults: FaultName[];
  /** Where the trial must be caught, and at which level. */
  area: Area;
  level: Level;
  /** Every area whose checks the trial runs. */
  areas: Area[];
  /** The checks the trial runs, when narrower than its areas. */
  grep?: string;
}

function single(name: FaultName): Trial {
  const { area, level, alsoRuns = [] } = FAULT_EXPECTATIONS[name];
  return { name, faults: [name], area, level, areas: [area, ...alsoRuns] };
}

/**
 * The checks of the route agents must not call (upload-complete): requirement ids name the operation
 * (AUTH-completeUpload-refused), and so do the rules judged over every exchange (ORACLE-auth-completeUpload).
 */
function agentForbiddenGrep(): string {
  const ids = loadRouteTable()
    .filter((r) => r.agentForbidden)
    .map((r) => r.operationId);
  return `^([A-Z]+-(${ids.join('|')})-|ORACLE-[a-z-]+-(${ids.join('|')})$)`;
}

/** Every trial the self-test runs, singles first, in the fault list's order. */
export function selftestTrials(): Trial[] {
  const singles = FAULT_NAMES.map(single);
  const { opener, faults } = UPLOAD_COMPLETE_COMBINATIONS;
  const grep = agentForbiddenGrep();
  const combos = faults.map(({ fault, level }) => ({
    ...single(fault),
    name: `${opener}+${fault}`,
    faults: [opener, fault],
    level: level ?? FAULT_EXPECTATIONS[fault].level,
    // Only upload-complete's own checks: the rest of the route table is covered by the single fault.
    grep,
  }));
  return [...singles, ...combos];
}

/** The grep that selects the checks of these areas (matched against `@area`). */
export function areaGrep(areas: readonly Area[]): string {
  return `^@(${[...new Set(areas)].join('|')})$`;
}

/** The checks a trial's full run sends: every check of its areas, or its narrower set. */
export const fullGrep = (trial: Trial): string => trial.grep ?? areaGrep(trial.areas);
