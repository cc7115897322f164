// Generates what hangs off a bucket besides its files: automations,
// suggestions, shares, transfers and intelligence settings. Each bucket's
// extras come from their own stream and draw the same number of values
// whatever the bucket holds, so their ids never depend on the file count.
import type { Automation, Bucket, FileRecord, IntelligenceSettings, Share, Suggestion, Transfer } from './world-types.ts';
import { TAGS, TRANSFER_ENDPOINTS } from './vocabulary.ts';
import { WORLD_NOW, isoSeconds, type SeededValues } from './seeded-values.ts';
import type { SeededStream } from './seeded-stream.ts';
import type { TextPools } from './text-pools.ts';

const DAY = 86_400_000;
const byCreated = <T extends { createdAt: string }>(a: T, b: T): number =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;

export function generateAutomations(rand: SeededStream, values: SeededValues, bucket: Bucket, folders: readonly string[]): Automation[] {
  const folder = `${folders[0]}/`;
  const tag = rand.pick(TAGS);
  const make = (name: string, trigger: Automation['trigger'], action: Automation['action']): Automation => {
    const createdAt = values.timestamp(Date.parse(bucket.createdAt));
    const enabled = rand.chance(0.8);
    const ran = rand.chance(0.7);
    const lastRunAt = values.timestamp(Date.parse(createdAt));
    return {
      id: values.id('aut', 8),
      bucketId: bucket.id,
      name,
      enabled,
      trigger,
      action,
      createdAt,
      updatedAt: createdAt,
      lastRunAt: ran ? lastRunAt : null,
    };
  };
  return [
    make(`Tag new files in ${folder}`, { event: 'file.uploaded', prefix: folder }, { type: 'add_tags', tags: [tag] }),
    make('Summarise tagged files', { event: 'file.tagged', tag }, { type: 'summarize' }),
    make('Archive every night', { event: 'schedule', cron: '0 2 * * *' }, { type: 'move', destination: 'archive/' }),
  ].sort(byCreated);
}

/** Up to four suggestions on distinct files (none when the bucket is empty). */
export function generateSuggestions(
  rand: SeededStream,
  values: SeededValues,
  pools: TextPools,
  bucket: Bucket,
  files: FileRecord[],
): Suggestion[] {
  const picked = rand.sample(files, 4);
  const suggestions: Suggestion[] = [];
  for (let i = 0; i < 4; i++) {
    const kind = (['add_tags', 'set_description', 'move'] as const)[i % 3];
    const id = values.id('sug', 8);
    const tag = rand.pick(TAGS);
    const phrase = rand.pick(pools.phrases);
    const noun = rand.pick(pools.nouns);
    const hasReason = rand.chance(0.8);
    const status = rand.pick(['open', 'open', 'accepted', 'dismissed'] as const);
    const createdAt = values.timestamp(WORLD_NOW - 60 * DAY);
    const file = picked[i];
    if (!file) continue;
    const proposal =
      kind === 'add_tags' ? { tags: [tag] } : kind === 'set_description' ? { description: `${phrase}.` } : { path: `archive/${file.name}` };
    const reason = hasReason ? `Similar files in this bucket are filed this way (${noun}).` : null;
    suggestions.push({ id, bucketId: bucket.id, fileId: file.id, kind, proposal, reason, status, source: 'intelligence', createdAt });
  }
  return suggestions;
}

export function generateShares(rand: SeededStream, values: SeededValues, bucket: Bucket, files: FileRecord[], origin: string): Share[] {
  return [0, 1, 2].map((i): Share => {
    const id = values.id('shr', 8);
    const createdAt = values.timestamp(WORLD_NOW - 90 * DAY);
    const u = rand.next();
    const access = rand.pick(['view', 'download'] as const);
    const expires = rand.chance(0.5);
    return {
      id,
      bucketId: bucket.id,
      fileId: i === 0 || files.length === 0 ? null : files[Math.floor(u * files.length)].id,
      url: `${origin}/s/${id}`,
      access,
      expiresAt: expires ? isoSeconds(Date.parse(createdAt) + 30 * DAY) : null,
      createdAt,
    };
  });
}

export function generateTransfers(rand: SeededStream, values: SeededValues, bucket: Bucket, folders: readonly string[]): Transfer[] {
  return [0, 1].map((): Transfer => {
    const direction = rand.pick(['import', 'export'] as const);
    const status = rand.pick(['succeeded', 'succeeded', 'failed', 'running'] as const);
    const bytesTotal = rand.int(1_000_000, 900_000_000);
    const remote = `${rand.pick(TRANSFER_ENDPOINTS)}/${bucket.name}`;
    const local = `${rand.pick(folders)}/`;
    const createdAt = values.timestamp(WORLD_NOW - 120 * DAY);
    const fileCount = rand.int(1, 400);
    const partial = rand.int(0, bytesTotal);
    return {
      id: values.id('trf', 8),
      bucketId: bucket.id,
      direction,
      status,
      source: direction === 'import' ? remote : local,
      destination: direction === 'import' ? local : remote,
      fileCount,
      bytesTotal,
      bytesTransferred: status === 'succeeded' ? bytesTotal : partial,
      createdAt,
      updatedAt: values.timestamp(Date.parse(createdAt)),
    };
  });
}

export function generateIntelligence(rand: SeededStream, values: SeededValues, bucket: Bucket): IntelligenceSettings {
  const updatedAt = values.timestamp(Date.parse(bucket.createdAt));
  return {
    bucketId: bucket.id,
    enabled: rand.chance(0.75),
    instructions: rand.chance(0.6) ? `Summaries in English; tag by ${bucket.name.toLowerCase()} topic.` : null,
    lastIndexedAt: values.timestamp(Date.parse(updatedAt)),
    updatedAt,
  };
}
