// The bench's generated-worlds row: N worlds drawn from the gap table (a new
// seed unless given), core run against each, two at a time: how many passed,
// wall and CPU time, and the command reproducing the seed.
import { judgeWorlds } from '../../conformance/test/support/worlds/verdicts.ts';
import { reproduceCommand, runSeed } from '../../conformance/test/support/worlds/compose.ts';

export interface CompositionsRow {
  seed: number;
  compositions: number;
  passed: number;
  wallMs: number;
  cpuMs: number;
  /** The worlds that failed, one line each. */
  failed: string[];
  reproduce: string;
}

/** Runs `compositions` worlds (default 200). */
export async function compositionsRow(log: (line: string) => void, compositions = 200, seed = runSeed()): Promise<CompositionsRow> {
  log(`compositions: ${compositions} worlds of seed ${seed}`);
  const started = Date.now();
  const cpu = process.cpuUsage();
  const verdicts = await judgeWorlds(seed, compositions);
  const used = process.cpuUsage(cpu);
  return {
    seed,
    compositions,
    passed: verdicts.filter((v) => v.passed).length,
    wallMs: Date.now() - started,
    cpuMs: (used.user + used.system) / 1000,
    failed: verdicts.filter((v) => !v.passed).map((v) => v.line),
    reproduce: reproduceCommand(seed, compositions),
  };
}
