// The suite's verdicts on an independent implementation of the contract (not
// the mock: conformance/test/support/independent/), at level core, as a user
// would run it: the right verdict is asserted for each variant, whether the
// suite gives it yet or not. Variants: the server as it is; each production
// trait (numeric ids, each listing shape, late listings, balancer 502s, idle
// connections closed, a rate limit, session cookies), three to a deployment,
// each in a whole run -> PASSED; a server
// serving four operations -> their checks pass (on files already listed when
// nothing can be uploaded), the unbuilt routes' served checks say "not built
// yet" and their other checks are "not served" -> NOT BUILT YET, and a
// scope fault on one of the four -> FAILED in a check of that route; each
// planted fault -> FAILED, judged by the checks of the area it breaks.
// Every run's table row (verdict, the checks that were wrong) is written to
// reports/independent-server/verdicts.md.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';
import type { Overrides } from '../config/config-types.ts';
import { unexercisedRoutes } from '../report/unexercised-routes.ts';
import { FAULTS } from './support/independent/faults/fault-registry.ts';
import {
  startIndependentServer,
  FAULT_NAMES,
  type IndependentOptions,
  type IndependentServer,
} from './support/independent/start-independent-server.ts';
import { describeCheck, VerdictTable } from './support/independent/verdict-table.ts';
import { describeRun, runAgainst, type VariantRun } from './support/variant-run.ts';

const table = new VerdictTable();
afterAll(() => {
  const path = table.write('verdicts');
  console.log(`${table.markdown()}\n(written to ${path})`);
});

/** The window a refused write is watched for: a server that shows writes at once needs no 5 s of it. */
const FAST: Overrides = { consistencyWindowMs: 1000 };
/** Small pages, so that every listing of the run spans several. */
const PAGES = { pageSize: 3, maxPageSize: 50 };
const RUN_MS = 180_000;

async function runOn(
  options: IndependentOptions,
  overrides: Overrides,
  around: { before?(server: IndependentServer): void; after?(server: IndependentServer): void } = {},
  grep?: string,
): Promise<VariantRun> {
  const server = await startIndependentServer(options);
  try {
    around.before?.(server);
    const run = await runAgainst(server, { level: 'core', overrides, grep });
    around.after?.(server);
    return run;
  } finally {
    await server.close();
  }
}

/** Each file's tags and description, by id: what a run that borrows the server's own files must leave as it found. */
const fileStates = (server: IndependentServer) =>
  new Map(server.world.files.current().map((f) => [f.id, JSON.stringify({ tags: f.tags, description: f.description })]));

/** Checks that contradict a PASSED verdict: failed, could not run, or a route called not served. */
const againstPassed = (run: VariantRun) =>
  run.summary.checks.filter((c) => ['fail', 'error', 'unserved'].includes(c.status)).map(describeCheck);

/** One production trait: the options that turn it on, the window it needs, its name in a test title. */
interface Trait {
  name: string;
  options: IndependentOptions;
  overrides?: Overrides;
}

const SHAPES: Trait[] = [
  { name: 'listing: cursor, 3 a page', options: { listing: { shape: 'cursor', ...PAGES } } },
  { name: 'listing: Link header over a bare array', options: { listing: { shape: 'link-header', ...PAGES } } },
  { name: 'listing: Link header over {items}', options: { listing: { shape: 'link-header', linkBody: 'items', ...PAGES } } },
  { name: 'listing: page numbers', options: { listing: { shape: 'page-number', ...PAGES } } },
  { name: 'listing: data/meta envelope, cursor in meta', options: { listing: { shape: 'envelope-data', ...PAGES } } },
  { name: 'listing: results with a next URL', options: { listing: { shape: 'results-next-url', ...PAGES } } },
];
const IDS: Trait[] = [
  { name: 'prefixed ids', options: {} },
  { name: 'numeric ids (one SQL-like serial)', options: { ids: 'numeric' } },
  { name: 'UUID ids', options: { ids: 'uuid' } },
];
const OTHERS: Trait[] = [
  { name: 'writes listed 400 ms late', options: { consistencyLagMs: 400 }, overrides: { consistencyWindowMs: 1500 } },
  { name: 'uploads listed 300 ms after their bytes', options: { uploadDelayMs: 300 }, overrides: { consistencyWindowMs: 1500 } },
  { name: 'a 502 page from the balancer, 1 answer in 40', options: { blips: { oneIn: 40, seed: 11 } } },
  { name: 'idle keep-alive connections closed after 300 ms', options: { idleCloseMs: 300 } },
  { name: 'rate limit: 100 requests/s per key, bursts of 25', options: { rateLimit: { perSecond: 100, burst: 25 } } },
  { name: 'session cookies set', options: { cookies: true } },
];

/**
 * The deployments the traits are judged on: the server as it is, then one per listing shape, each with an id style
 * in turn and one of the other traits, so that every trait is met in a whole run and no run waits on two slow ones.
 */
const PRODUCTION: Trait[] = [
  { name: 'the server as it is', options: {} },
  ...SHAPES.map((shape, i) => {
    const parts = [shape, IDS[i % IDS.length], OTHERS[i % OTHERS.length]];
    return {
      name: parts.map((t) => t.name).join(' + '),
      options: Object.assign({}, ...parts.map((t) => t.options)) as IndependentOptions,
      overrides: Object.assign({}, FAST, ...parts.map((t) => t.overrides ?? {})) as Overrides,
    };
  }),
];

describe('core verdicts on an independent server with production traits', () => {
  it('meets every trait in some deployment', () => {
    expect(Math.max(SHAPES.length, IDS.length, OTHERS.length)).toBeLessThanOrEqual(PRODUCTION.length - 1);
  });

  // Each deployment is its own server: their runs overlap, so the rate-limited one's waits cost no wall time.
  it.concurrent.for(PRODUCTION)('$name: PASSED', { timeout: RUN_MS }, async ({ name, options, overrides }, { expect }) => {
    const run = await runOn(options, overrides ?? FAST);
    const wrong = againstPassed(run);
    table.add(name, 'PASSED', run, wrong);
    console.log(describeRun(name, run));
    expect({ verdict: run.verdict.label, wrong }).toEqual({ verdict: 'PASSED', wrong: [] });
  });
});

const SERVED: OperationId[] = ['listWorkspaces', 'listBuckets', 'listFiles', 'updateFile'];
const servedTitles = new Set(
  loadRouteTable()
    .filter((r) => SERVED.includes(r.operationId as OperationId))
    .map((r) => `${r.method} ${r.pathTemplate}`),
);

const servedCheckIds = new Set(loadRouteTable().map((r) => `PATH-${r.operationId}-served`));

/**
 * Checks of a partial server that contradict the right verdict: served routes' checks run and pass; an unbuilt
 * route's served check says not built yet and its other checks are not served.
 */
function againstPartial(run: VariantRun): string[] {
  return run.summary.checks
    .filter((c) => {
      if (c.status === 'skip' || c.status === 'disabled') return false;
      if (!c.route) return c.status !== 'pass';
      if (servedTitles.has(c.route)) return c.status !== 'pass';
      return c.status !== (servedCheckIds.has(c.id) ? 'unbuilt' : 'unserved');
    })
    .map(describeCheck);
}

describe('core verdicts on a partly built independent server', () => {
  const serves = { operationIds: SERVED };

  it(
    `serving only ${SERVED.join(', ')}: their checks pass, the unbuilt routes' served checks say not built yet and the rest of theirs are not served: NOT BUILT YET`,
    async () => {
      const run = await runOn({ serves }, FAST);
      const wrong = againstPartial(run);
      table.add(`partial (${SERVED.join(', ')})`, 'NOT BUILT YET (only PATH-<op>-served of unbuilt routes)', run, wrong);
      console.log(describeRun('partial', run));
      expect({ verdict: run.verdict.label, wrong }).toEqual({ verdict: 'NOT BUILT YET', wrong: [] });
      expect(run.summary.totals.unserved).toBeGreaterThan(0);
      // The console and summary.md end with the routes no check exercised: every unbuilt route, as not served.
      const unbuilt = loadRouteTable()
        .map((r) => `${r.method} ${r.pathTemplate}`)
        .filter((label) => !servedTitles.has(label));
      const unexercised = unexercisedRoutes(run.summary);
      expect(unexercised.map((u) => u.route).sort()).toEqual(unbuilt.sort());
      expect(unexercised.filter((u) => !u.why.startsWith('not served: '))).toEqual([]);
      const markdown = readFileSync(join(run.reportDir, 'summary.md'), 'utf8');
      expect(markdown.slice(markdown.lastIndexOf('\n## '))).toContain(`| \`${unbuilt[0]}\` | not served: `);
    },
    RUN_MS,
  );

  it(
    'the same, with a read-only key changing tags (200): FAILED, in a check of PATCH .../files/{fileId}',
    async () => {
      let before = new Map<string, string>();
      const changed: string[] = [];
      const run = await runOn({ serves, faults: ['update-file-scope-unchecked'] }, FAST, {
        before: (server) => void (before = fileStates(server)),
        after: (server) => {
          for (const [id, now] of fileStates(server)) if (before.has(id) && before.get(id) !== now) changed.push(id);
        },
      });
      const patch = loadRouteTable().find((r) => r.operationId === 'updateFile')!;
      const onPatch = run.summary.checks.filter((c) => c.route === `${patch.method} ${patch.pathTemplate}`);
      const caught = onPatch.some((c) => c.status === 'fail');
      const wrong = caught ? [] : onPatch.filter((c) => c.status !== 'skip').map(describeCheck);
      table.add('partial + update-file-scope-unchecked', 'FAILED (a check of updateFile)', run, wrong);
      console.log(describeRun('partial + fault', run));
      expect({ verdict: run.verdict.label, caught }).toEqual({ verdict: 'FAILED', caught: true });
      // Nothing could be uploaded: the checks changed tags of files the server already held, and the cleanup put them back.
      expect(run.summary.cleanup?.restored).toBeGreaterThan(0);
      expect(changed).toEqual([]);
    },
    RUN_MS,
  );
});

// A fault breaks one rule: the checks of that rule's area are what give the verdict, so they alone are run.
describe('core verdicts on an independent server with one planted fault, judged by the checks of its area', () => {
  it.each(FAULT_NAMES.map((fault) => [fault, FAULTS[fault].area]))(
    '%s: FAILED in %s',
    async (fault, area) => {
      const run = await runOn({ faults: [fault] }, FAST, {}, `@${area}`);
      // Nothing failed: every check that ran passed on the faulted server, so the row names the rule the fault breaks.
      const { pass, error } = run.summary.totals;
      const wrong =
        run.verdict.label === 'FAILED'
          ? []
          : [`no check failed (${pass} passed, ${error} could not run); the fault: ${FAULTS[fault].breaks}`];
      table.add(`fault ${fault}`, 'FAILED', run, wrong);
      console.log(describeRun(fault, run));
      expect(run.verdict.label).toBe('FAILED');
      expect(run.summary.checks.filter((c) => c.status === 'fail').every((c) => c.area === area)).toBe(true);
    },
    RUN_MS,
  );
});
