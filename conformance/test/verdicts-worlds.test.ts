// Verdicts on worlds drawn at random from the gap table (a new seed each run
// unless BUCKETKIT_WORLDS_SEED is set; the seed and the command reproducing
// it are printed): K worlds, each with one planted fault of the self-test's
// catalogue, FAIL in that fault's area (proved with the area's checks alone),
// and the first worlds, without a fault, PASS core. `npm run verdicts` runs
// core against as many worlds as asked.
import { describe, expect, it } from 'vitest';
import { FAULT_EXPECTATIONS } from '../selftest/fault-expectations.ts';
import type { FaultName } from '../../mocks/faults/fault-catalog.ts';
import { startVariant } from './support/variant.ts';
import { describeRun, runAgainst } from './support/variant-run.ts';
import { seededRandom } from './support/seeded-random.ts';
import { failedIn, readPlan } from '../selftest/selftest-plan.ts';
import { ORACLE_RULES } from '../oracles/oracle-rules.ts';
import { describeWorld, drawWorld, reproduceCommand, runSeed } from './support/worlds/compose.ts';
import { judgeWorld } from './support/worlds/verdicts.ts';

const K = 12;
/** Worlds whose whole core run is part of this file (the rest is the command's and the bench's). */
const WHOLE_RUNS = 2;
const seed = runSeed();
const coreFaults = (Object.keys(FAULT_EXPECTATIONS) as FaultName[]).filter((f) => FAULT_EXPECTATIONS[f].level === 'core');
const pick = seededRandom(seed);
const plan = readPlan();
const worlds = Array.from({ length: K }, (_, n) => {
  const world = drawWorld(seed, n);
  const reachable = coreFaults.filter((f) => !world.hides.has(f));
  return { world, fault: reachable[Math.floor(pick() * reachable.length)] };
});

/**
 * The checks that may show a fault: those the self-test plans for it and the rules of its areas judged over every
 * exchange (a world's choices may move which check sees it first); every check of its areas where the plan says so.
 */
function grepFor(fault: FaultName): string {
  const { area, alsoRuns = [] } = FAULT_EXPECTATIONS[fault];
  const areas = [area, ...alsoRuns];
  const planned = plan?.trials[fault];
  if (!planned?.length || plan?.wholeArea.includes(fault)) return areas.map((a) => `@${a}\\b`).join('|');
  const oracles = ORACLE_RULES.filter((r) => areas.includes(r.area)).map((r) => `ORACLE-${r.slug}-`);
  return [...planned.map((id) => `${id}\\b`), ...oracles].join('|');
}

console.log(
  `worlds seed ${seed}; reproduce: BUCKETKIT_WORLDS_SEED=${seed} npx vitest run conformance/test/verdicts-worlds.test.ts (core against all ${K}: ${reproduceCommand(seed, K)})`,
);

/** Runs `work` over the items `lanes` at a time (the runs wait on the network and on worlds' delays as much as they compute). */
async function inLanes<T, R>(lanes: number, items: T[], work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await work(items[i], i);
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return out;
}

describe(`worlds of seed ${seed}`, () => {
  // Both at once: the fault worlds mostly wait (slow uploads, lagging listings), beside the whole runs' work.
  it.concurrent(
    `${WHOLE_RUNS} worlds PASS core`,
    async () => {
      const verdicts = await inLanes(2, worlds.slice(0, WHOLE_RUNS), ({ world }, n) => judgeWorld(world, n));
      for (const v of verdicts) {
        console.log(`${v.line}\n  ${describeWorld(v.world)}`);
        expect(v.passed, `${v.line} (${describeWorld(v.world)})`).toBe(true);
      }
      // Worlds may be slow, rate-limited and eventually consistent at once: a whole run's time, on a busy machine.
    },
    600_000,
  );

  it.concurrent(
    `${K} worlds, each with a planted fault, FAIL in the fault's area`,
    async () => {
      const runs = await inLanes(3, worlds, async ({ world, fault }, n) => {
        const { area } = FAULT_EXPECTATIONS[fault];
        const variant = await startVariant({ ...world.options, faults: [fault] });
        try {
          const run = await runAgainst(variant, { level: 'core', grep: grepFor(fault) });
          console.log(`${describeRun(`world ${n} with ${fault}`, run)}\n  ${describeWorld(world)}`);
          return { n, fault, area, world, run };
        } finally {
          await variant.close();
        }
      });
      for (const { n, fault, area, world, run } of runs) {
        const why = `world ${n} with ${fault} (${describeWorld(world)})`;
        // As the self-test judges a fault: a check of its area failed, or (a route moved away) was found not built.
        expect(['FAILED', 'NOT BUILT YET'], why).toContain(run.verdict.label);
        expect(
          failedIn(run.summary).map((c) => c.area),
          why,
        ).toContain(area);
      }
    },
    600_000,
  );
});
