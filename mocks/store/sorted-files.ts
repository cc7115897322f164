// A path-sorted array of files with binary search: prefix ranges and cursor
// pages cost O(log n + page) however many files a bucket holds. Bulk changes
// (a move or trash of many files) cost one pass, not one splice per file.
import type { FileRecord } from '../world/world-types.ts';

/** Below this many files a bulk change splices each one; above, it rebuilds the array in one pass. */
const SPLICE_MAX = 8;

/** Path order (code units), the order of every file index. */
export const byPath = (a: FileRecord, b: FileRecord): number => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

/** Files kept in code-unit order of `path`. */
export class SortedFiles {
  readonly items: FileRecord[];

  /** `items` must already be in path order; it is kept, not copied. */
  constructor(items: FileRecord[] = []) {
    this.items = items;
  }

  /** Sorts a copy of the files by path. */
  static fromUnsorted(files: readonly FileRecord[]): SortedFiles {
    return new SortedFiles(files.slice().sort(byPath));
  }

  /** Index of the first file whose path is >= `path`. */
  lowerBound(path: string): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.items[mid].path < path) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Index of the first file whose path is > `path`. */
  upperBound(path: string): number {
    const i = this.lowerBound(path);
    return i < this.items.length && this.items[i].path === path ? i + 1 : i;
  }

  insert(file: FileRecord): void {
    this.items.splice(this.lowerBound(file.path), 0, file);
  }

  /** Removes the file, looked up by the path it is stored under. */
  remove(file: FileRecord, storedPath: string = file.path): void {
    const i = this.lowerBound(storedPath);
    if (this.items[i] === file) this.items.splice(i, 1);
  }

  /** Inserts many files (paths not held yet) in one merge. */
  insertMany(files: readonly FileRecord[]): void {
    if (files.length <= SPLICE_MAX) return void files.forEach((f) => this.insert(f));
    const added = files.slice().sort(byPath);
    const old = this.items.splice(0);
    let i = 0;
    let j = 0;
    while (i < old.length || j < added.length) {
      if (j === added.length || (i < old.length && old[i].path < added[j].path)) this.items.push(old[i++]);
      else this.items.push(added[j++]);
    }
  }

  /** Removes every file of the set that is here, in one pass (each must still have the path it is stored under). */
  removeMany(files: ReadonlySet<FileRecord>): void {
    if (files.size <= SPLICE_MAX) return void files.forEach((f) => this.remove(f));
    let kept = 0;
    for (const file of this.items) if (!files.has(file)) this.items[kept++] = file;
    this.items.length = kept;
  }

  /**
   * Up to `limit` files under `prefix` with a path after `after`, that pass
   * `accept`; `more` tells whether another match follows.
   */
  page(
    prefix: string,
    after: string | undefined,
    limit: number,
    accept?: (file: FileRecord) => boolean,
  ): { files: FileRecord[]; more: boolean } {
    const files: FileRecord[] = [];
    let i = this.lowerBound(prefix);
    if (after !== undefined && after >= prefix) i = Math.max(i, this.upperBound(after));
    for (; i < this.items.length; i++) {
      const file = this.items[i];
      if (!file.path.startsWith(prefix)) break;
      if (accept && !accept(file)) continue;
      if (files.length === limit) return { files, more: true };
      files.push(file);
    }
    return { files, more: false };
  }
}
