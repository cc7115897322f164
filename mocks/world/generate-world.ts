// The seeded world generator: the same seed and file count give identical ids
// and data on every run. Browser-safe (faker's English locale only).
import { faker } from '@faker-js/faker/locale/en';
import type { Bucket, FileRecord, SeededTrash, World, Workspace } from './world-types.ts';
import { BUCKET_THEMES } from './vocabulary.ts';
import { WORLD_NOW, isoSeconds, seededValues } from './seeded-values.ts';
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
const LAYOUT = [
  { plan: 'team' as const, buckets: [0.4, 0.2, 0.1] },
  { plan: 'enterprise' as const, buckets: [0.2, 0.1] },
];

/** Generates the world; throws on options that make no sense. */
export function generateWorld(options: WorldOptions = {}): World {
  const seed = options.seed ?? DEFAULT_SEED;
  const fileCount = options.files ?? DEFAULT_FILE_COUNT;
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`seed must be a non-negative integer, got ${seed}`);
  if (!Number.isSafeInteger(fileCount) || fileCount < 0 || fileCount > MAX_FILE_COUNT)
    throw new Error(`files must be an integer from 0 to ${MAX_FILE_COUNT}, got ${fileCount}`);
  faker.seed(seed);
  const values = seededValues(faker);
  const world: World = {
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
  const themes = faker.helpers.shuffle([...BUCKET_THEMES]);
  let themeIndex = 0;
  let assigned = 0;
  const shares = LAYOUT.flatMap((w) => w.buckets);

  // Workspaces and buckets are created in generation order, so listings (oldest first) show them in this order.
  for (const [w, layout] of LAYOUT.entries()) {
    const createdAt = values.timestamp(
      Date.parse('2024-01-08T09:00:00Z') + w * 90 * DAY,
      Date.parse('2024-01-08T09:00:00Z') + (w * 90 + 30) * DAY,
    );
    const workspace: Workspace = {
      id: values.id('ws', 8),
      name: faker.company.name(),
      plan: layout.plan,
      createdAt,
      updatedAt: values.timestamp(Date.parse(createdAt)),
    };
    world.workspaces.push(workspace);
    for (const [b, share] of layout.buckets.entries()) {
      const theme = themes[themeIndex++ % themes.length];
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
      const isLast = world.buckets.length === shares.length;
      const count = isLast ? fileCount - assigned : Math.round(fileCount * share);
      assigned += count;
      const files = generateFiles(faker, values, bucket, theme.folders, count);
      splitTrash(files, world.files, world.trash);
      const ready = files.filter((f) => f.status === 'ready');
      world.automations.push(...generateAutomations(faker, values, bucket, theme.folders));
      world.suggestions.push(...generateSuggestions(faker, values, bucket, ready));
      world.shares.push(...generateShares(faker, values, bucket, ready, options.origin ?? 'http://127.0.0.1:4010'));
      world.transfers.push(...generateTransfers(faker, values, bucket, theme.folders));
      world.intelligence.push(generateIntelligence(faker, values, bucket));
    }
  }
  return world;
}

// Every 40th file starts in the trash, trashed during the last three weeks.
function splitTrash(files: FileRecord[], ready: FileRecord[], trash: SeededTrash[]): void {
  files.forEach((file, i) => {
    if (i % 40 !== 39) return void ready.push(file);
    file.status = 'trashed';
    trash.push({ file, trashedAt: isoSeconds(WORLD_NOW - (i % 21) * DAY - i * 1000) });
  });
}
