// The seeded world generator: the same seed and file count give identical ids
// and data on every run, and the same seed gives the same workspaces, buckets
// and their extras whatever the file count (each bucket's files come from a
// stream of their own). Browser-safe (faker's English locale only).
import type { Bucket, FileRecord, SeededTrash, World, Workspace } from './world-types.ts';
import { BUCKET_THEMES } from './vocabulary.ts';
import { WORLD_NOW, isoSeconds, seededValues, sequenceIds } from './seeded-values.ts';
import { SeededStream } from './seeded-stream.ts';
import { companyName, textPools, themeOrder } from './text-pools.ts';
import { generateFiles } from './generate-files.ts';
import { generateAutomations, generateIntelligence, generateShares, generateSuggestions, generateTransfers } from './generate-extras.ts';

export const DEFAULT_SEED = 424242;
export const DEFAULT_FILE_COUNT = 300;
export const MAX_FILE_COUNT = 500_000;

export interface WorldOptions {
  seed?: number;
  /** Files across all buckets (trash included). */
  files?: number;
  /** Origin used in share URLs. */
  origin?: string;
}

// Buckets per workspace, and the share of the files each bucket gets.
const DAY = 86_400_000;
const FIRST_WORKSPACE = Date.parse('2024-01-08T09:00:00Z');
const LAYOUT = [
  { plan: 'team' as const, buckets: [0.4, 0.2, 0.1] },
  { plan: 'enterprise' as const, buckets: [0.2, 0.1] },
];

/** Generates the world; throws on options that make no sense. */
/** A world with nothing in it yet. */
export function emptyWorld(seed: number): World {
  return {
    seed,
    workspaces: [],
    buckets: [],
    files: [],
    trash: [],
    automations: [],
    suggestions: [],
    shares: [],
    transfers: [],
    intelligence: [],
  };
}

export function generateWorld(options: WorldOptions = {}): World {
  const steps = worldSteps(options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The same world, made in steps: it yields after every few thousand files, so
 * a caller can build a world in the background without stalling a server.
 */
export function* worldSteps(options: WorldOptions = {}): Generator<void, World> {
  const seed = options.seed ?? DEFAULT_SEED;
  const fileCount = options.files ?? DEFAULT_FILE_COUNT;
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`seed must be a non-negative integer, got ${seed}`);
  if (!Number.isSafeInteger(fileCount) || fileCount < 0 || fileCount > MAX_FILE_COUNT)
    throw new Error(`files must be an integer from 0 to ${MAX_FILE_COUNT}, got ${fileCount}`);
  const used = new Set<string>();
  const rand = SeededStream.of(seed, 'world');
  const values = seededValues(rand, used);
  const world = emptyWorld(seed);
  const themes = themeOrder(seed, BUCKET_THEMES);
  const plan: { bucket: Bucket; theme: (typeof BUCKET_THEMES)[number]; share: number }[] = [];

  // Workspaces and buckets first, from the world stream alone; listings (oldest first) show them in this order.
  for (const [w, layout] of LAYOUT.entries()) {
    const from = FIRST_WORKSPACE + w * 90 * DAY;
    const createdAt = values.timestamp(from, from + 30 * DAY);
    const workspace: Workspace = {
      id: values.id('ws', 8),
      name: companyName(seed, `workspace:${w}`),
      plan: layout.plan,
      createdAt,
      updatedAt: values.timestamp(Date.parse(createdAt)),
    };
    world.workspaces.push(workspace);
    for (const [b, share] of layout.buckets.entries()) {
      const theme = themes[plan.length % themes.length];
      const slot = Date.parse(createdAt) + (b + 1) * 7 * DAY;
      const bucketCreated = values.timestamp(slot, slot + 6 * DAY);
      const bucket: Bucket = {
        id: values.id('bkt', 8),
        workspaceId: workspace.id,
        name: theme.name,
        description: theme.description,
        createdAt: bucketCreated,
        updatedAt: values.timestamp(Date.parse(bucketCreated)),
      };
      world.buckets.push(bucket);
      plan.push({ bucket, theme, share });
    }
  }

  let assigned = 0;
  const fileId = sequenceIds('file', seed);
  for (const [i, { bucket, theme, share }] of plan.entries()) {
    const count = i === plan.length - 1 ? fileCount - assigned : Math.round(fileCount * share);
    assigned += count;
    const pools = textPools(seed, `bucket:${i}`);
    const fileRand = SeededStream.of(seed, `files:${i}`);
    const files = yield* generateFiles(fileRand, (index) => fileId(i, index), pools, bucket, theme.folders, count);
    const ready = splitTrash(files, world.files, world.trash);
    const extras = SeededStream.of(seed, `extras:${i}`);
    const extraValues = seededValues(extras, used);
    world.automations.push(...generateAutomations(extras, extraValues, bucket, theme.folders));
    world.suggestions.push(...generateSuggestions(extras, extraValues, pools, bucket, ready));
    world.shares.push(...generateShares(extras, extraValues, bucket, ready, options.origin ?? 'http://127.0.0.1:4010'));
    world.transfers.push(...generateTransfers(extras, extraValues, bucket, theme.folders));
    world.intelligence.push(generateIntelligence(extras, extraValues, bucket));
  }
  return world;
}

// Every 40th file starts in the trash, trashed during the last three weeks.
// Returns the bucket's ready files; appends to the world's lists one by one (no spread: 500k arguments overflow the stack).
function splitTrash(files: FileRecord[], ready: FileRecord[], trash: SeededTrash[]): FileRecord[] {
  const bucketReady: FileRecord[] = [];
  files.forEach((file, i) => {
    if (i % 40 !== 39) {
      ready.push(file);
      bucketReady.push(file);
      return;
    }
    file.status = 'trashed';
    trash.push({ file, trashedAt: isoSeconds(WORLD_NOW - (i % 21) * DAY - i * 1000) });
  });
  return bucketReady;
}
