// `npm run verdicts -- --compositions N --seed S`: draws N worlds from the
// seed (a new one unless given or BUCKETKIT_WORLDS_SEED is set), runs core
// against each, two at a time, and prints each verdict, the pass rate, the
// time and the one command that reproduces the seed. Exit 1 when a world fails.
import { parseArgs } from 'node:util';
import { startVariant } from '../variant.ts';
import { describeRun, idsWith, runAgainst } from '../variant-run.ts';
import { describeWorld, drawWorld, reproduceCommand, runSeed, type World } from './compose.ts';

export interface WorldVerdict {
  world: World;
  passed: boolean;
  line: string;
}

/** Runs core against one world. */
export async function judgeWorld(world: World, n: number): Promise<WorldVerdict> {
  const variant = await startVariant(world.options);
  try {
    const run = await runAgainst(variant, { level: 'core' });
    const failed = idsWith(run, 'fail');
    const passed = run.verdict.exitCode === 0;
    return { world, passed, line: `${describeRun(`world ${n}`, run)}${failed.length ? `; failed: ${failed.join(', ')}` : ''}` };
  } finally {
    await variant.close();
  }
}

/** Runs `compositions` worlds of `seed`, `parallel` at a time. */
export async function judgeWorlds(seed: number, compositions: number, parallel = 2): Promise<WorldVerdict[]> {
  const verdicts: WorldVerdict[] = [];
  let next = 0;
  const lane = async () => {
    for (let n = next++; n < compositions; n = next++) {
      const world = drawWorld(seed, n);
      const verdict = await judgeWorld(world, n);
      console.log(`${verdict.passed ? 'PASS' : 'FAIL'} ${verdict.line}\n  world ${n}: ${describeWorld(world)}`);
      verdicts.push(verdict);
    }
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  return verdicts;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { compositions: { type: 'string', default: '12' }, seed: { type: 'string' }, parallel: { type: 'string', default: '2' } },
  });
  const seed = values.seed ? Number(values.seed) : runSeed();
  const compositions = Number(values.compositions);
  console.log(`worlds seed ${seed}; reproduce: ${reproduceCommand(seed, compositions)}`);
  const started = Date.now();
  const cpu = process.cpuUsage();
  const verdicts = await judgeWorlds(seed, compositions, Number(values.parallel));
  const used = process.cpuUsage(cpu);
  const passed = verdicts.filter((v) => v.passed).length;
  console.log(
    `${passed}/${verdicts.length} worlds passed core in ${((Date.now() - started) / 1000).toFixed(1)} s wall, ${((used.user + used.system) / 1e6).toFixed(1)} s CPU; seed ${seed}`,
  );
  process.exitCode = passed === verdicts.length ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
