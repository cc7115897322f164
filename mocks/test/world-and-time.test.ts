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

  it('gives the same workspaces, buckets and their extras for the same seed whatever the file count', () => {
    const fixed = (files: number) => {
      const world = generateWorld({ seed: 7, files });
      return {
        workspaces: world.workspaces,
        buckets: world.buckets,
        automations: world.automations,
        transfers: world.transfers,
        intelligence: world.intelligence,
        shareIds: world.shares.map((s) => s.id),
        suggestionIds: world.suggestions.map((s) => s.id),
      };
    };
    const reference = fixed(300);
    for (const files of [200, 1000, 20_000]) expect(fixed(files), `${files} files`).toEqual(reference);
    // A bucket with fewer than four files has fewer files to suggest about; the suggestions it has keep their ids.
    for (const files of [0, 20]) {
      const { suggestionIds, ...rest } = fixed(files);
      const { suggestionIds: all, ...expected } = reference;
      expect(rest, `${files} files`).toEqual(expected);
      for (const id of suggestionIds) expect(all).toContain(id);
    }
  });

  it('keeps the first files of every bucket, ids and all, when the file count grows', () => {
    const small = generateWorld({ seed: 7, files: 400 });
    const large = generateWorld({ seed: 7, files: 4000 });
    const ofBucket = (world: typeof small, bucketId: string) =>
      [...world.files, ...world.trash.map((t) => t.file)].filter((f) => f.bucketId === bucketId).sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const bucket of small.buckets) {
      const few = ofBucket(small, bucket.id);
      const many = new Map(ofBucket(large, bucket.id).map((f) => [f.id, f]));
      expect(few.length).toBeGreaterThan(0);
      for (const file of few) expect(many.get(file.id), file.id).toEqual(file);
    }
  });

  it('gives every file a distinct id and every bucket distinct paths, at 50,000 files', () => {
    const world = generateWorld({ seed: 11, files: 50_000 });
    const files = [...world.files, ...world.trash.map((t) => t.file)];
    expect(new Set(files.map((f) => f.id)).size).toBe(50_000);
    expect(new Set(files.map((f) => `${f.bucketId} ${f.path}`)).size).toBe(50_000);
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
