// The documented ranking of G24 (semantic=1) and the agent's file choice:
// the share of query words found in a file's path, description and tags,
// a word found in the tags counting double.
import type { FileRecord } from '../world/world-types.ts';
import { pauseForEventLoop } from '../store/prepare-store.ts';

/** Lower-case words of letters and digits. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Distinct query words. */
export function queryWords(query: string): string[] {
  return [...new Set(words(query))];
}

/**
 * Score in 0–1: each query word earns 2 points when it is a word of a tag,
 * else 1 point when it is a word of the path or description, else 0; the
 * score is the points over twice the number of query words.
 */
export function semanticScore(file: FileRecord, query: readonly string[]): number {
  if (query.length === 0) return 0;
  // A word of the file contains each query word it matches: most files share none, and a substring test is cheap.
  const text = `${file.path} ${file.description ?? ''} ${file.tags.join(' ')}`.toLowerCase();
  if (!query.some((word) => text.includes(word))) return 0;
  const tagWords = new Set(file.tags.flatMap(words));
  const textWords = new Set([...words(file.path), ...words(file.description ?? '')]);
  let points = 0;
  for (const word of query) points += tagWords.has(word) ? 2 : textWords.has(word) ? 1 : 0;
  return points / (2 * query.length);
}

/** How long a scan of a bucket may hold the event loop before it lets other requests run. */
export const SLICE_MS = 10;

/**
 * Files sharing a word with the query, highest score first, ties by path. A bucket of
 * 500k files takes a while to score, so the work pauses every few milliseconds: one
 * semantic search must not stall every other client.
 */
export async function rankFiles(files: readonly FileRecord[], query: readonly string[]): Promise<{ file: FileRecord; score: number }[]> {
  const ranked: { file: FileRecord; score: number }[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < files.length; i++) {
    if (i % 1024 === 0 && performance.now() - sliceStart > SLICE_MS) {
      await pauseForEventLoop();
      sliceStart = performance.now();
    }
    const score = semanticScore(files[i], query);
    if (score > 0) ranked.push({ file: files[i], score });
  }
  return ranked.sort((a, b) => b.score - a.score || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0));
}
