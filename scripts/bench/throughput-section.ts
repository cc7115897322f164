// The throughput comparison: mock, Prism and bare node:http, each its own process, same three requests, same load.
import { fillPath } from '../../openapi/contract/route-table.ts';
import type { LoadCell } from './bench-results.ts';
import type { BenchContext } from './bench-context.ts';
import { PLACEHOLDER_AUTH, benchKeyScopes, buildLoadCases, cannedResponses, type LoadCase } from './bench-requests.ts';
import { launchBare, launchMock, launchPrism, type RunningServer } from './launch-servers.ts';
import { mintKey } from './mock-control.ts';
import { probeWorld, type ProbedWorld } from './world-probe.ts';
import { combineRounds, runLoadCell, type LoadSettings } from './load-driver.ts';

export interface ThroughputRun {
  load: LoadCell[];
  commands: string[];
}

/** Mints the two mock keys (both limited to the bench's bucket) and builds the mock's requests. */
export async function mockLoadCases(ctx: BenchContext, mock: RunningServer, world: ProbedWorld): Promise<LoadCase[]> {
  const scopes = benchKeyScopes(ctx.doc, ctx.routes);
  const granted = `Bearer ${await mintKey(mock.origin, scopes.granted, [world.bucketId])}`;
  const refused = `Bearer ${await mintKey(mock.origin, scopes.refused, [world.bucketId])}`;
  return buildLoadCases('mock', ctx.routes, world, { granted, refused });
}

/** Starts the three servers (Prism, the slowest, alongside the others), drives every request against each, always stops them. */
export async function measureThroughput(
  ctx: BenchContext,
  settings: LoadSettings,
  rounds: number,
  seed: number | undefined,
): Promise<ThroughputRun> {
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 5) throw new Error(`rounds must be 1..5, got ${rounds}`);
  const servers: RunningServer[] = [];
  const prismStart = launchPrism(fillPath(ctx.routes.listWorkspaces.pathTemplate, {}), PLACEHOLDER_AUTH.granted);
  prismStart.catch(() => undefined); // Awaited below; this only keeps an early failure from going unhandled.
  try {
    const mock = await launchMock({ seed });
    servers.push(mock);
    const world = await probeWorld(mock.origin, ctx.basePath, ctx.routes);
    const mockCases = await mockLoadCases(ctx, mock, world);
    const bareCases = buildLoadCases('bare', ctx.routes, world, PLACEHOLDER_AUTH);
    const prismCases = buildLoadCases('prism', ctx.routes, world, PLACEHOLDER_AUTH);
    const bare = await launchBare(cannedResponses(ctx.doc, ctx.routes, bareCases, ctx.basePath));
    servers.push(bare);
    const prism = await prismStart;

    const plan = [
      { server: mock, apiBase: mock.origin + ctx.basePath, cases: mockCases },
      { server: prism, apiBase: prism.origin, cases: prismCases },
      { server: bare, apiBase: bare.origin + ctx.basePath, cases: bareCases },
    ];
    const cells = new Map<string, LoadCell[]>();
    // Rounds of request by request, so the three servers of one request are measured close
    // together and a slow minute of the shared machine hits every server alike.
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < mockCases.length; i++) {
        for (const { server, apiBase, cases } of plan) {
          process.stdout.write(`  load: round ${round + 1}/${rounds}, ${cases[i].caseName} on ${server.name}…\n`);
          const cell = await runLoadCell(server.name, apiBase, cases[i], { ...settings, warmupSec: round === 0 ? settings.warmupSec : 0 });
          const key = `${server.name} ${cases[i].caseName}`;
          cells.set(key, [...(cells.get(key) ?? []), cell]);
        }
      }
    }
    const load = [...cells.values()].map(combineRounds);
    return { load, commands: [...servers, prism].map((s) => s.command) };
  } finally {
    const prism = await prismStart.catch(() => undefined);
    await Promise.all([...servers, ...(prism ? [prism] : [])].map((s) => s.stop()));
  }
}
