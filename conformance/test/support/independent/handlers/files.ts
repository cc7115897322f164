// GET .../files (prefix, tag, search and semantic search) and PATCH of a
// file's tags and description. Filters combine with AND; prefix is a plain,
// case-sensitive string prefix and tag an exact tag (the seed's rules).
// Search is a case-insensitive substring of path, description or tags;
// semantic search ranks by the share of the query's words a file holds.
// `semantic=1` without `search` is ignored rather than refused (a choice).
import { json, notFound } from '../answers.ts';
import { changeFile } from '../file-ops.ts';
import { answerListing } from '../listing/listing.ts';
import type { Handler } from '../parts.ts';
import { fileView } from '../views.ts';
import type { FileRec } from '../world.ts';

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function semanticScore(file: FileRec, query: string[]): number {
  const held = new Set([...wordsOf(file.path), ...wordsOf(file.description ?? ''), ...file.tags.flatMap(wordsOf)]);
  return query.length === 0 ? 0 : query.filter((w) => held.has(w)).length / query.length;
}

function textMatch(file: FileRec, search: string): boolean {
  const needle = search.toLowerCase();
  return [file.path, file.description ?? '', ...file.tags].some((text) => text.toLowerCase().includes(needle));
}

export const listFiles: Handler = (call, env) => {
  const q = call.request.query;
  const prefix = q.get('prefix');
  const tag = q.get('tag');
  const search = q.get('search');
  const semantic = search !== null && q.get('semantic') === '1';
  const query = semantic ? wordsOf(search) : [];
  const scores = new Map<string, number>();
  const source = (bucketId: string) => {
    const files = env.parts
      .listedFiles(env, call, bucketId)
      .filter((f) => f.status === 'ready')
      .filter((f) => prefix === null || f.path.startsWith(prefix))
      .filter((f) => tag === null || f.tags.includes(tag))
      .sort((a, b) => a.seq - b.seq);
    if (search === null) return files;
    if (!semantic) return files.filter((f) => textMatch(f, search));
    for (const f of files) scores.set(f.id, semanticScore(f, query));
    return files.filter((f) => scores.get(f.id)! > 0).sort((a, b) => scores.get(b.id)! - scores.get(a.id)!);
  };
  return answerListing(call, env, call.bucketId, {
    source,
    view: (f) => fileView(f, semantic ? Math.round(scores.get(f.id)! * 1000) / 1000 : undefined),
    ranked: semantic,
  });
};

export const updateFile: Handler = (call, env) => {
  const file = env.world.fileIn(call.bucketId, call.params.fileId);
  if (!file) return notFound('file');
  const change: Partial<FileRec> = {};
  if (Array.isArray(call.json.tags)) change.tags = [...new Set(call.json.tags as string[])];
  if (call.json.description !== undefined) change.description = call.json.description as string | null;
  return json(200, fileView(changeFile(env.world, file, change)));
};
