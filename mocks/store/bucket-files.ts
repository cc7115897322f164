// The ready (untrashed) files of one bucket, indexed by id, path and tag, with
// the bucket's running totals. Every change goes through here so the indexes
// never disagree.
import type { FileRecord } from '../world/world-types.ts';
import { SortedFiles } from './sorted-files.ts';

export class BucketFiles {
  readonly byPath = new Map<string, FileRecord>();
  readonly sorted: SortedFiles;
  readonly byTag = new Map<string, SortedFiles>();
  totalSize = 0;

  constructor(files: FileRecord[]) {
    this.sorted = SortedFiles.fromUnsorted(files);
    const tagged = new Map<string, FileRecord[]>();
    for (const file of files) {
      this.byPath.set(file.path, file);
      this.totalSize += file.size;
      for (const tag of file.tags) {
        let list = tagged.get(tag);
        if (!list) tagged.set(tag, (list = []));
        list.push(file);
      }
    }
    for (const [tag, list] of tagged) this.byTag.set(tag, SortedFiles.fromUnsorted(list));
  }

  get count(): number {
    return this.sorted.items.length;
  }

  has(file: FileRecord): boolean {
    return this.byPath.get(file.path) === file;
  }

  add(file: FileRecord): void {
    this.byPath.set(file.path, file);
    this.sorted.insert(file);
    this.totalSize += file.size;
    for (const tag of file.tags) this.tagList(tag).insert(file);
  }

  remove(file: FileRecord): void {
    if (!this.has(file)) return;
    this.byPath.delete(file.path);
    this.sorted.remove(file);
    this.totalSize -= file.size;
    for (const tag of file.tags) this.byTag.get(tag)?.remove(file);
  }

  /** Replaces a file's tags, keeping the tag index in step. */
  retag(file: FileRecord, tags: string[]): void {
    for (const tag of file.tags) this.byTag.get(tag)?.remove(file);
    file.tags = tags;
    for (const tag of tags) this.tagList(tag).insert(file);
  }

  private tagList(tag: string): SortedFiles {
    let list = this.byTag.get(tag);
    if (!list) this.byTag.set(tag, (list = new SortedFiles()));
    return list;
  }
}
