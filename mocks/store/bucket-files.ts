// The ready (untrashed) files of one bucket, indexed by path (a sorted array:
// binary search finds a path, a prefix or a cursor) and by tag, with the
// bucket's running totals. Every change goes through here so the indexes never
// disagree.
import type { FileRecord } from '../world/world-types.ts';
import { SortedFiles } from './sorted-files.ts';

/** A bucket's files already indexed (by a builder that works in slices): each list in path order. */
export interface IndexedFiles {
  sorted: FileRecord[];
  tagged: Map<string, FileRecord[]>;
  totalSize: number;
}

/** Adds files, taken in path order, to the tag lists and returns their total size. */
export function tagFiles(files: readonly FileRecord[], tagged: Map<string, FileRecord[]>): number {
  let size = 0;
  for (const file of files) {
    size += file.size;
    for (const tag of file.tags) {
      const list = tagged.get(tag);
      if (list) list.push(file);
      else tagged.set(tag, [file]);
    }
  }
  return size;
}

export class BucketFiles {
  readonly sorted: SortedFiles;
  readonly byTag = new Map<string, SortedFiles>();
  totalSize = 0;

  /** Indexes the files (paths must be distinct): one sort, and the tag lists fill in path order; or takes them indexed already. */
  constructor(files: readonly FileRecord[] | IndexedFiles) {
    let indexed: IndexedFiles;
    if ('sorted' in files) indexed = files;
    else {
      const sorted = SortedFiles.fromUnsorted(files).items;
      const tagged = new Map<string, FileRecord[]>();
      indexed = { sorted, tagged, totalSize: tagFiles(sorted, tagged) };
    }
    this.sorted = new SortedFiles(indexed.sorted);
    this.totalSize = indexed.totalSize;
    for (const [tag, list] of indexed.tagged) this.byTag.set(tag, new SortedFiles(list));
  }

  get count(): number {
    return this.sorted.items.length;
  }

  /** The file at this path, if any. */
  at(path: string): FileRecord | undefined {
    const file = this.sorted.items[this.sorted.lowerBound(path)];
    return file?.path === path ? file : undefined;
  }

  has(file: FileRecord): boolean {
    return this.at(file.path) === file;
  }

  add(file: FileRecord): void {
    this.addMany([file]);
  }

  remove(file: FileRecord): void {
    this.removeMany([file]);
  }

  /** Adds files whose paths are free in this bucket. */
  addMany(files: readonly FileRecord[]): void {
    const byTag = new Map<string, FileRecord[]>();
    for (const file of files) {
      this.totalSize += file.size;
      for (const tag of file.tags) {
        const list = byTag.get(tag);
        if (list) list.push(file);
        else byTag.set(tag, [file]);
      }
    }
    this.sorted.insertMany(files);
    for (const [tag, list] of byTag) this.tagList(tag).insertMany(list);
  }

  /** Removes the files that are here (each still under the path it was added with). */
  removeMany(files: readonly FileRecord[]): void {
    const here = new Set(files.filter((f) => this.has(f)));
    if (here.size === 0) return;
    const byTag = new Map<string, Set<FileRecord>>();
    for (const file of here) {
      this.totalSize -= file.size;
      for (const tag of file.tags) {
        const set = byTag.get(tag);
        if (set) set.add(file);
        else byTag.set(tag, new Set([file]));
      }
    }
    this.sorted.removeMany(here);
    for (const [tag, set] of byTag) this.removeFromTag(tag, set);
  }

  /** Replaces a file's tags, keeping the tag index in step. */
  retag(file: FileRecord, tags: string[]): void {
    for (const tag of file.tags) this.removeFromTag(tag, new Set([file]));
    file.tags = tags;
    for (const tag of tags) this.tagList(tag).insert(file);
  }

  private removeFromTag(tag: string, files: ReadonlySet<FileRecord>): void {
    const list = this.byTag.get(tag);
    if (!list) return;
    list.removeMany(files);
    // An emptied tag list goes, so tags that came and went leave nothing behind.
    if (list.items.length === 0) this.byTag.delete(tag);
  }

  private tagList(tag: string): SortedFiles {
    let list = this.byTag.get(tag);
    if (!list) this.byTag.set(tag, (list = new SortedFiles()));
    return list;
  }
}
