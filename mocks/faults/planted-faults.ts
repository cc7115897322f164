// Switches planted faults on and off for an assembled mock: the active faults'
// plants applied to the core components, and the control route that sets them.
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import type { ControlRoute } from '../core/control-api.ts';
import { badRequest, jsonResponse } from '../core/problems.ts';
import { FAULT_CATALOG, parseFaultNames, type FaultName } from './fault-catalog.ts';

/** The core components with each named fault planted, in catalog order. */
export function plantFaults(core: MockComponents, deps: ComponentDeps, names: readonly FaultName[]): MockComponents {
  return FAULT_CATALOG.filter((f) => names.includes(f.name)).reduce((components, fault) => fault.plant(components, deps), core);
}

/** The active faults of one mock and the components they give. */
export class FaultBoard {
  private active: FaultName[] = [];
  private planted: MockComponents;

  constructor(
    private readonly core: MockComponents,
    private readonly deps: ComponentDeps,
    names: readonly string[] = [],
  ) {
    this.planted = core;
    this.set(names);
  }

  /** Replaces the active faults; throws on an unknown name, changing nothing. */
  set(names: readonly string[]): void {
    const parsed = parseFaultNames(names);
    this.planted = plantFaults(this.core, this.deps, parsed);
    this.active = parsed;
  }

  list(): FaultName[] {
    return [...this.active];
  }

  /** The components requests are answered with right now. */
  get components(): MockComponents {
    return this.planted;
  }

  /** `GET /__mock/faults` (active faults and the catalog) and `POST /__mock/faults` `{"faults": [...]}`. */
  controlRoutes(): ControlRoute[] {
    return [
      {
        method: 'GET',
        path: '/__mock/faults',
        fields: [],
        answer: () =>
          jsonResponse(200, { faults: this.list(), catalog: FAULT_CATALOG.map(({ name, description }) => ({ name, description })) }),
      },
      {
        method: 'POST',
        path: '/__mock/faults',
        fields: ['faults'],
        answer: (fields) => {
          const names = fields.faults;
          if (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))
            return badRequest('Send {"faults": [names]}; [] clears them.');
          try {
            this.set(names);
          } catch (error) {
            return badRequest((error as Error).message);
          }
          return jsonResponse(200, { faults: this.list() });
        },
      },
    ];
  }
}
