// Listing latency (sequential, prefix and tag filters, limit 100) and RSS of the mock at each world size.
import type { ListingCell, WorldFootprint } from './bench-results.ts';
import type { BenchContext } from './bench-context.ts';
import { listFilesPath } from './bench-requests.ts';
import { launchMock } from './launch-servers.ts';
import { mintKey } from './mock-control.ts';
import { probeWorld } from './world-probe.ts';
import { timeSequential } from './sequential-latency.ts';
import { readProcessMemory } from './process-memory.ts';

const PAGE = 100;

/** One mock process per world size; each is stopped before the next starts. */
export async function measureListing(
  ctx: BenchContext,
  fileCounts: number[],
  samples: number,
  seed: number | undefined,
): Promise<{ listing: ListingCell[]; footprints: WorldFootprint[]; commands: string[] }> {
  const listing: ListingCell[] = [];
  const footprints: WorldFootprint[] = [];
  const commands: string[] = [];
  for (const files of fileCounts) {
    process.stdout.write(`  listing: ${files} files…\n`);
    const mock = await launchMock({ seed, files });
    commands.push(mock.command);
    try {
      const world = await probeWorld(mock.origin, ctx.basePath, ctx.routes);
      const token = await mintKey(mock.origin, [ctx.routes.listFiles.scope], [world.bucketId]);
      for (const [filter, value] of [
        ['prefix', world.prefix],
        ['tag', world.tag],
      ] as const) {
        const url = mock.origin + ctx.basePath + listFilesPath(ctx.routes, world, { [filter]: value }, PAGE);
        const timing = await timeSequential(url, { authorization: `Bearer ${token}` }, samples);
        listing.push({ files, filter, value, ...timing });
      }
      const memory = readProcessMemory(mock.process.pid);
      footprints.push({ files, readyMs: mock.readyMs ?? Number.NaN, ...memory });
    } finally {
      await mock.stop();
    }
  }
  return { listing, footprints, commands };
}
