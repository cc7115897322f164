// Generates what hangs off a bucket besides its files: automations,
// suggestions, shares, transfers and intelligence settings.
import type { Faker } from '@faker-js/faker';
import type { Automation, Bucket, FileRecord, IntelligenceSettings, Share, Suggestion, Transfer } from './world-types.ts';
import { TAGS, TRANSFER_ENDPOINTS } from './vocabulary.ts';
import { WORLD_NOW, isoSeconds, type SeededValues } from './seeded-values.ts';

const DAY = 86_400_000;

export function generateAutomations(faker: Faker, values: SeededValues, bucket: Bucket, folders: readonly string[]): Automation[] {
  const folder = `${folders[0]}/`;
  const tag = faker.helpers.arrayElement(TAGS);
  const make = (name: string, trigger: Automation['trigger'], action: Automation['action']): Automation => {
    const createdAt = values.timestamp(Date.parse(bucket.createdAt));
    return {
      id: values.id('aut', 8),
      bucketId: bucket.id,
      name,
      enabled: faker.datatype.boolean(0.8),
      trigger,
      action,
      createdAt,
      updatedAt: createdAt,
      lastRunAt: faker.datatype.boolean(0.7) ? values.timestamp(Date.parse(createdAt)) : null,
    };
  };
  return [
    make(`Tag new files in ${folder}`, { event: 'file.uploaded', prefix: folder }, { type: 'add_tags', tags: [tag] }),
    make('Summarise tagged files', { event: 'file.tagged', tag }, { type: 'summarize' }),
    make('Archive every night', { event: 'schedule', cron: '0 2 * * *' }, { type: 'move', destination: 'archive/' }),
  ].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
}

export function generateSuggestions(faker: Faker, values: SeededValues, bucket: Bucket, files: FileRecord[]): Suggestion[] {
  return faker.helpers.arrayElements(files, Math.min(4, files.length)).map((file, i): Suggestion => {
    const kind = (['add_tags', 'set_description', 'move'] as const)[i % 3];
    const proposal =
      kind === 'add_tags'
        ? { tags: [faker.helpers.arrayElement(TAGS)] }
        : kind === 'set_description'
          ? { description: `${faker.company.catchPhrase()}.` }
          : { path: `archive/${file.name}` };
    return {
      id: values.id('sug', 8),
      bucketId: bucket.id,
      fileId: file.id,
      kind,
      proposal,
      reason: faker.datatype.boolean(0.8) ? `Similar files in this bucket are filed this way (${faker.word.noun()}).` : null,
      status: faker.helpers.arrayElement(['open', 'open', 'accepted', 'dismissed'] as const),
      source: 'intelligence',
      createdAt: values.timestamp(WORLD_NOW - 60 * DAY),
    };
  });
}

export function generateShares(faker: Faker, values: SeededValues, bucket: Bucket, files: FileRecord[], origin: string): Share[] {
  return [0, 1, 2].map((i): Share => {
    const id = values.id('shr', 8);
    const createdAt = values.timestamp(WORLD_NOW - 90 * DAY);
    return {
      id,
      bucketId: bucket.id,
      fileId: i === 0 || files.length === 0 ? null : faker.helpers.arrayElement(files).id,
      url: `${origin}/s/${id}`,
      access: faker.helpers.arrayElement(['view', 'download'] as const),
      expiresAt: faker.datatype.boolean(0.5) ? isoSeconds(Date.parse(createdAt) + 30 * DAY) : null,
      createdAt,
    };
  });
}

export function generateTransfers(faker: Faker, values: SeededValues, bucket: Bucket, folders: readonly string[]): Transfer[] {
  return [0, 1].map((): Transfer => {
    const direction = faker.helpers.arrayElement(['import', 'export'] as const);
    const status = faker.helpers.arrayElement(['succeeded', 'succeeded', 'failed', 'running'] as const);
    const bytesTotal = faker.number.int({ min: 1_000_000, max: 900_000_000 });
    const remote = `${faker.helpers.arrayElement(TRANSFER_ENDPOINTS)}/${bucket.name}`;
    const local = `${faker.helpers.arrayElement(folders)}/`;
    const createdAt = values.timestamp(WORLD_NOW - 120 * DAY);
    return {
      id: values.id('trf', 8),
      bucketId: bucket.id,
      direction,
      status,
      source: direction === 'import' ? remote : local,
      destination: direction === 'import' ? local : remote,
      fileCount: faker.number.int({ min: 1, max: 400 }),
      bytesTotal,
      bytesTransferred: status === 'succeeded' ? bytesTotal : faker.number.int({ min: 0, max: bytesTotal }),
      createdAt,
      updatedAt: values.timestamp(Date.parse(createdAt)),
    };
  });
}

export function generateIntelligence(faker: Faker, values: SeededValues, bucket: Bucket): IntelligenceSettings {
  const updatedAt = values.timestamp(Date.parse(bucket.createdAt));
  return {
    bucketId: bucket.id,
    enabled: faker.datatype.boolean(0.75),
    instructions: faker.datatype.boolean(0.6) ? `Summaries in English; tag by ${bucket.name.toLowerCase()} topic.` : null,
    lastIndexedAt: values.timestamp(Date.parse(updatedAt)),
    updatedAt,
  };
}
