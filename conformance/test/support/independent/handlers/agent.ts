// POST .../agent (G26): a synchronous answer citing files of the bucket: the
// files named in `fileIds` (each must be in the bucket, or 404), else those
// sharing a word with the prompt (three at most).
import { json, notFound } from '../answers.ts';
import { stamp } from '../file-ops.ts';
import type { Handler } from '../parts.ts';
import type { FileRec } from '../world.ts';

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 2),
  );

export const runBucketAgent: Handler = (call, env) => {
  const named = call.json.fileIds as string[] | undefined;
  let cited: FileRec[];
  if (named) {
    const files = env.parts.filesNamed(env, call, named, 'ready');
    if (!files) return notFound('file');
    cited = files;
  } else {
    const asked = words(call.json.prompt as string);
    cited = env.world.files
      .settled()
      .filter((f) => f.bucketId === call.bucketId && f.status === 'ready')
      .filter((f) => [...words(`${f.path} ${f.description ?? ''}`)].some((w) => asked.has(w)))
      .slice(0, 3);
  }
  const answer = cited.length
    ? `I found ${cited.length} relevant file(s): ${cited.map((f) => f.path).join(', ')}.`
    : 'No file in this bucket matches the question.';
  return json(200, {
    id: env.world.newId('run'),
    bucketId: call.bucketId,
    status: 'completed',
    answer,
    citations: cited.map((f) => ({ fileId: f.id, path: f.path, excerpt: (f.description ?? f.path).slice(0, 200) })),
    createdAt: stamp(),
  });
};
