// Generates a bucket's files: realistic folder paths, names, content types,
// sizes, tags and descriptions, drawn from the bucket's own seeded stream.
// Tuned for 500k files: no faker call and no regular expression per file.
import type { Bucket, FileRecord } from './world-types.ts';
import { FILE_KINDS, TAGS, TOPICS, YEARS } from './vocabulary.ts';
import { WORLD_NOW, WORLD_START, flatString, isoSeconds } from './seeded-values.ts';
import type { SeededStream } from './seeded-stream.ts';
import type { TextPools } from './text-pools.ts';

const MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
const QUARTERS = ['q1', 'q2', 'q3', 'q4'];
const capital = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const CAPITAL_TOPICS = TOPICS.map(capital);

/** A file name stem like `budget-q3`, and the same words as a title (`Budget q3`) for its description. */
function fileStem(rand: SeededStream, pools: TextPools): { stem: string; title: string } {
  const t = rand.int(0, TOPICS.length - 1);
  const topic = TOPICS[t];
  switch (rand.int(0, 3)) {
    case 0: {
      const quarter = rand.pick(QUARTERS);
      return { stem: `${topic}-${quarter}`, title: `${CAPITAL_TOPICS[t]} ${quarter}` };
    }
    case 1: {
      const adjective = rand.pick(pools.adjectives);
      return { stem: `${adjective}-${topic}`, title: `${capital(adjective)} ${topic}` };
    }
    case 2: {
      const company = rand.pick(pools.companyWords);
      return { stem: `${company}-${topic}`, title: `${capital(company)} ${topic}` };
    }
    default: {
      const number = rand.int(1, 999).toString().padStart(3, '0');
      return { stem: `${topic}-${number}`, title: `${CAPITAL_TOPICS[t]} ${number}` };
    }
  }
}

function folderOf(rand: SeededStream, folders: readonly string[]): string {
  const top = rand.pick(folders);
  const year = rand.pick(YEARS);
  return rand.chance(0.5) ? `${top}/${year}/${rand.pick(MONTHS)}/` : `${top}/${year}/`;
}

/** Up to four distinct tags; always draws five values. */
function tagsOf(rand: SeededStream): string[] {
  const count = rand.int(0, 4);
  const tags: string[] = [];
  for (let i = 0; i < 4; i++) {
    const tag = TAGS[rand.int(0, TAGS.length - 1)];
    if (i < count && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Files are made this many at a time between pauses, when a caller builds the world in slices. */
export const FILES_PER_STEP = 2000;

/**
 * Makes `count` files of one bucket with unique paths (`fileId(i)` names the
 * i-th), pausing (yielding) after every FILES_PER_STEP files; returns them.
 */
export function* generateFiles(
  rand: SeededStream,
  fileId: (index: number) => string,
  pools: TextPools,
  bucket: Bucket,
  folders: readonly string[],
  count: number,
): Generator<void, FileRecord[]> {
  const files: FileRecord[] = [];
  const paths = new Set<string>();
  while (files.length < count) {
    if (files.length > 0 && files.length % FILES_PER_STEP === 0) yield;
    const kind = rand.pick(FILE_KINDS);
    const { stem, title } = fileStem(rand, pools);
    const folder = folderOf(rand, folders);
    let name = `${stem}.${kind.ext}`;
    let path = folder + name;
    for (let n = 2; paths.has(path); n++) {
      name = `${stem}-${n}.${kind.ext}`;
      path = folder + name;
    }
    paths.add(path);
    const createdMs = rand.int(WORLD_START, WORLD_NOW);
    const createdAt = isoSeconds(createdMs);
    const updatedAt = rand.chance(0.6) ? createdAt : isoSeconds(rand.int(createdMs, WORLD_NOW));
    const described = !rand.chance(0.15);
    const company = rand.pick(pools.companies);
    const phrase = rand.pick(pools.phrases);
    files.push({
      id: fileId(files.length),
      workspaceId: bucket.workspaceId,
      bucketId: bucket.id,
      path: flatString(path),
      name: flatString(name),
      size: rand.int(kind.minSize, kind.maxSize),
      contentType: kind.contentType,
      sha256: null,
      tags: tagsOf(rand),
      description: described ? flatString(`${title} for ${company}. ${phrase}.`) : null,
      status: 'ready',
      createdAt,
      updatedAt,
    });
  }
  return files;
}
