// Generates a bucket's files: realistic folder paths, names, content types,
// sizes, tags and descriptions, all drawn from the seeded faker.
import type { Faker } from '@faker-js/faker';
import type { Bucket, FileRecord } from './world-types.ts';
import { FILE_KINDS, TAGS, TOPICS, YEARS } from './vocabulary.ts';
import type { SeededValues } from './seeded-values.ts';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];

function fileStem(faker: Faker, pools: Pools): string {
  const topic = faker.helpers.arrayElement(TOPICS);
  switch (faker.number.int(3)) {
    case 0:
      return `${topic}-${faker.helpers.arrayElement(['q1', 'q2', 'q3', 'q4'])}`;
    case 1:
      return `${faker.word.adjective()}-${topic}`;
    case 2:
      return `${
        faker.helpers
          .arrayElement(pools.companies)
          .toLowerCase()
          .split(/[^a-z0-9]+/)[0] || 'team'
      }-${topic}`;
    default:
      return `${topic}-${faker.number.int({ min: 1, max: 999 }).toString().padStart(3, '0')}`;
  }
}

function folderOf(faker: Faker, folders: readonly string[]): string {
  const top = faker.helpers.arrayElement(folders);
  const year = faker.helpers.arrayElement(YEARS);
  return faker.datatype.boolean(0.5) ? `${top}/${year}/${faker.helpers.arrayElement(MONTHS)}/` : `${top}/${year}/`;
}

// Company names and catch phrases are drawn once per bucket: faker's generators
// are too slow to call for each of 100k files.
interface Pools {
  companies: string[];
  phrases: string[];
}

function descriptionOf(faker: Faker, pools: Pools, stem: string): string | null {
  if (faker.datatype.boolean(0.15)) return null;
  const words = stem.replace(/-/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)} for ${faker.helpers.arrayElement(pools.companies)}. ${faker.helpers.arrayElement(pools.phrases)}.`;
}

/** Makes `count` files of one bucket with unique paths. */
export function generateFiles(faker: Faker, values: SeededValues, bucket: Bucket, folders: readonly string[], count: number): FileRecord[] {
  const files: FileRecord[] = [];
  const paths = new Set<string>();
  const poolSize = Math.min(Math.max(count, 1), 150);
  const pools: Pools = {
    companies: faker.helpers.multiple(() => faker.company.name(), { count: poolSize }),
    phrases: faker.helpers.multiple(() => faker.company.catchPhrase(), { count: poolSize }),
  };
  while (files.length < count) {
    const kind = faker.helpers.arrayElement(FILE_KINDS);
    const stem = fileStem(faker, pools);
    let name = `${stem}.${kind.ext}`;
    const folder = folderOf(faker, folders);
    for (let n = 2; paths.has(folder + name); n++) name = `${stem}-${n}.${kind.ext}`;
    paths.add(folder + name);
    const createdAt = values.timestamp();
    const updatedAt = faker.datatype.boolean(0.6) ? createdAt : values.timestamp(Date.parse(createdAt));
    files.push({
      id: values.id('file'),
      workspaceId: bucket.workspaceId,
      bucketId: bucket.id,
      path: folder + name,
      name,
      size: faker.number.int({ min: kind.minSize, max: kind.maxSize }),
      contentType: kind.contentType,
      sha256: null,
      tags: faker.helpers.arrayElements(TAGS, { min: 0, max: 4 }),
      description: descriptionOf(faker, pools, stem),
      status: 'ready',
      createdAt,
      updatedAt,
    });
  }
  return files;
}
