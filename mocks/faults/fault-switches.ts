// The set of active planted faults, as the one object every rule consults
// where it lives ("is my rule switched off right now?").
import { parseFaultNames, type FaultName } from './fault-catalog.ts';

export class FaultSwitches {
  private active = new Set<FaultName>();

  constructor(names: readonly string[] = []) {
    this.set(names);
  }

  /** Replaces the active faults; throws on an unknown name, changing nothing. */
  set(names: readonly string[]): void {
    this.active = new Set(parseFaultNames(names));
  }

  on(name: FaultName): boolean {
    return this.active.size > 0 && this.active.has(name);
  }

  list(): FaultName[] {
    return [...this.active];
  }
}
