// A path-sorted array of files with binary search: prefix ranges and cursor
// pages cost O(log n + page) however many files a bucket holds.
import type { FileRecord } from '../world/world-types.ts';

/** Files kept in code-unit order of `path`. */
export class SortedFiles {
  readonly items: FileRecord[] = [];

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

  /** Sorts once after bulk loading with `push`. */
  static fromUnsorted(files: FileRecord[]): SortedFiles {
    const sorted = new SortedFiles();
    sorted.items.push(...files);
    sorted.items.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    return sorted;
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
