// The self-test's trials: every planted fault alone, plus a few combinations
// for checks that one fault cannot reach. upload-complete refuses every agent
// before anything else (GAPS G03), so its auth, scope, bucket and body checks
// only become falsifiable on a server that also lets agents call it.
import { FAULT_NAMES, type FaultName } from '../../mocks/faults/fault-catalog.ts';
import type { Area } from '../config/config-types.ts';
import { FAULT_EXPECTATIONS } from './fault-expectations.ts';

export interface Trial {
  /** The fault name, or the names joined by "+" for a combination. */
  name: string;
  faults: FaultName[];
  /** Where the trial must be caught, and at which level. */
  area: Area;
  level: 'core' | 'profile';
  /** Every area whose checks the trial runs. */
  areas: Area[];
  /** The checks the trial runs, when narrower than its areas. */
  grep?: string;
}

const UNSHIELD = 'upload-needs-complete' as const;

/** Faults that, with upload-complete open to agents, reach that route's own checks (at the level stated, when it differs). */
const WITH_UPLOAD_COMPLETE_OPEN: { fault: FaultName; level?: 'core' | 'profile' }[] = [
  { fault: 'missing-key-accepted' },
  // upload-complete's scope is itself a gap choice (G04), so its scope checks are profile checks.
  { fault: 'scope-unenforced-everywhere', level: 'profile' },
  { fault: 'bucket-limits-ignored' },
  { fault: 'foreign-bucket-403' },
  { fault: 'malformed-json-500' },
  { fault: 'bad-path-500' },
];

function single(name: FaultName): Trial {
  const { area, level, alsoRuns = [] } = FAULT_EXPECTATIONS[name];
  return { name, faults: [name], area, level, areas: [area, ...alsoRuns] };
}

/** Every trial the self-test runs, singles first. */
export function selftestTrials(): Trial[] {
  const singles = FAULT_NAMES.map(single);
  const combos = WITH_UPLOAD_COMPLETE_OPEN.map(({ fault, level }) => {
    const base = singles.find((t) => t.name === fault)!;
    // Only upload-complete's own checks: the rest of the route table is covered by the single fault.
    return {
      ...base,
      name: `${UNSHIELD}+${fault}`,
      faults: [UNSHIELD, fault],
      level: level ?? base.level,
      grep: '^[A-Z]+-completeUpload-',
    };
  });
  return [...singles, ...combos];
}

/** The Playwright grep that selects the checks of these areas (tags are `@area`). */
export function areaGrep(areas: readonly Area[]): string {
  return `^@(${[...new Set(areas)].join('|')})$`;
}
