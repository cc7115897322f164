// The seeded world is identical for the same seed, and time-driven behaviour
// (the backfill job) follows the injected clock.
import { describe, expect, it } from 'vitest';
import { generateWorld } from '../world/generate-world.ts';
import { manualClock } from '../core/clock.ts';
import { BACKFILL_QUEUED_MS, BACKFILL_RUNNING_MS } from '../handlers/intelligence.ts';
import { startMockClient } from './support/mock-client.ts';

describe('the seeded world', () => {
  it('is identical for the same seed and size', () => {
    expect(JSON.stringify(generateWorld({ seed: 7, files: 500 }))).toBe(JSON.stringify(generateWorld({ seed: 7, files: 500 })));
  });

  it('differs for another seed', () => {
    expect(generateWorld({ seed: 7 }).files[0].id).not.toBe(generateWorld({ seed: 8 }).files[0].id);
  });

  it('has two workspaces, at least two buckets in the first, and every kind of resource', () => {
    const world = generateWorld({ files: 200 });
    expect(world.workspaces).toHaveLength(2);
    expect(world.buckets.filter((b) => b.workspaceId === world.workspaces[0].id).length).toBeGreaterThanOrEqual(2);
    expect(world.files.length + world.trash.length).toBe(200);
    for (const list of [world.trash, world.automations, world.suggestions, world.shares, world.transfers, world.intelligence])
      expect(list.length).toBeGreaterThan(0);
  });

  it('refuses nonsense options with a clear error', () => {
    expect(() => generateWorld({ files: -1 })).toThrow(/files must be an integer/);
    expect(() => generateWorld({ seed: 1.5 })).toThrow(/seed must be/);
  });
});

describe('a backfill job over time', () => {
  it('goes queued, running, succeeded as the clock moves, and intelligence follows', async () => {
    const clock = manualClock();
    const mock = await startMockClient({ clock });
    try {
      const key = mock.server.app.presetKeys.full;
      const base = `/workspaces/${mock.ids.workspace}/buckets/${mock.ids.allowed}`;
      const job = (await mock.call(`${base}/intelligence/backfill`, { key, body: {} })).body;
      expect(job).toMatchObject({ status: 'queued', processedFiles: 0 });
      clock.advance(BACKFILL_QUEUED_MS + BACKFILL_RUNNING_MS / 2);
      const halfway = (await mock.call(`${base}/intelligence`, { key })).body;
      expect(halfway).toMatchObject({
        status: 'indexing',
        backfill: { id: job.id, status: 'running', processedFiles: Math.floor(job.totalFiles / 2) },
      });
      clock.advance(BACKFILL_RUNNING_MS);
      const done = (await mock.call(`${base}/intelligence`, { key })).body;
      expect(done).toMatchObject({ status: 'idle', backfill: { id: job.id, status: 'succeeded', processedFiles: job.totalFiles } });
      expect(done.lastIndexedAt).toBe(done.backfill.finishedAt);
      const next = (await mock.call(`${base}/intelligence/backfill`, { key, body: {} })).body;
      expect(next.id).not.toBe(job.id);
    } finally {
      await mock.close();
    }
  });
});
