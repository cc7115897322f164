// POST .../files/move (G30): files keep their names under the destination
// prefix, in this bucket or another bucket of the workspace the key may use
// (403 otherwise, as for any bucket outside its bucketIds). A taken path is
// 409; the move is all or nothing.
import { conflict, forbidden, json, notFound } from '../answers.ts';
import { changeFile, nameOf } from '../file-ops.ts';
import type { Handler } from '../parts.ts';
import { fileView } from '../views.ts';

export const moveFiles: Handler = (call, env) => {
  const { world } = env;
  const destination = call.json.destination as { bucketId?: string; prefix: string };
  const target = destination.bucketId ?? call.bucketId;
  if (!world.bucketIn(call.workspaceId, target)) return notFound('destination bucket');
  if (!env.parts.reaches(call.key, target, call.request)) return forbidden('This key may not use the destination bucket.');
  const files = env.parts.filesNamed(env, call, call.json.fileIds as string[], 'ready');
  if (!files) return notFound('file');
  const moving = new Set(files.map((f) => f.id));
  const paths = files.map((f) => `${destination.prefix}${nameOf(f.path)}`);
  const taken = paths.some((p, i) => paths.indexOf(p) !== i || (world.fileAt(target, p) && !moving.has(world.fileAt(target, p)!.id)));
  if (taken) return conflict('A destination path is taken.');
  if (paths.some((p) => p.length > 1024)) return conflict('A destination path would be longer than 1024 characters.');
  const moved = files.map((f, i) => changeFile(world, f, { bucketId: target, path: paths[i] }));
  return json(200, { moved: moved.map((f) => fileView(f)) });
};
