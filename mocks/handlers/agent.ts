// POST .../agent (G26): answers from the bucket's own files, ranked with the
// documented G24 score over the prompt's words, and cites the best ones.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { FileRecord } from '../world/world-types.ts';
import { jsonResponse } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { filesOfBucket } from './bucket-files-lookup.ts';
import { queryWords, rankFiles } from './semantic-ranking.ts';
import { newId } from './new-id.ts';

const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'in',
  'on',
  'for',
  'to',
  'and',
  'or',
  'is',
  'was',
  'what',
  'which',
  'who',
  'how',
  'me',
  'my',
  'show',
  'find',
  'are',
  'do',
  'does',
  'about',
  'with',
  'any',
  'all',
]);
const MAX_CITATIONS = 3;

const excerpt = (file: FileRecord): string => file.description ?? `${file.name} (${file.contentType}, ${file.size} bytes)`;

export async function runBucketAgent(ctx: HandlerContext<'runBucketAgent'>): Promise<MockResponse> {
  const { prompt, fileIds } = ctx.body;
  let candidates: readonly FileRecord[] = ctx.bucket.files.sorted.items;
  if (fileIds) {
    const found = filesOfBucket(ctx, fileIds);
    if ('refusal' in found) return found.refusal;
    candidates = found.files;
  }
  const words = queryWords(prompt).filter((w) => !STOP_WORDS.has(w));
  const ranked = (await rankFiles(candidates, words)).map((r) => r.file);
  const cited = (ranked.length > 0 ? ranked : fileIds ? [...candidates] : []).slice(0, MAX_CITATIONS);
  const name = ctx.bucket.bucket.name;
  const answer =
    cited.length === 0
      ? `No file in the ${name} bucket matches "${prompt}".`
      : `${ranked.length || cited.length} file(s) in the ${name} bucket match. Most relevant: ${cited.map((f) => `${f.path} (${excerpt(f)})`).join('; ')}.`;
  return jsonResponse(200, {
    id: newId('run'),
    bucketId: ctx.bucket.bucket.id,
    status: 'completed',
    answer,
    citations: cited.map((f) => ({ fileId: f.id, path: f.path, excerpt: excerpt(f) })),
    createdAt: timestamp(ctx.env.clock.now()),
  });
}
