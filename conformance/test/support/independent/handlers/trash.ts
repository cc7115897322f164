// The trash (G31): POST .../files/trash moves ready files there, GET .../trash
// lists them (in the order they were created: a choice), PATCH .../trash
// restores, purges or empties. Every id must name a file of the bucket in the
// right status, or nothing changes (404); a restore onto a taken path is 409.
import { badRequest, conflict, json, notFound } from '../answers.ts';
import { changeFile, purgeFile, stamp } from '../file-ops.ts';
import { answerListing } from '../listing/listing.ts';
import type { Handler } from '../parts.ts';
import { fileView, RETENTION_DAYS, trashEntryView } from '../views.ts';

export const trashFiles: Handler = (call, env) => {
  const files = env.parts.filesNamed(env, call, call.json.fileIds as string[], 'ready');
  if (!files) return notFound('file');
  const trashedAt = stamp();
  const trashed = files.map((f) => changeFile(env.world, f, { status: 'trashed', trashedAt }));
  return json(200, { trashed: trashed.map(trashEntryView) });
};

export const getTrash: Handler = (call, env) =>
  answerListing(call, env, call.bucketId, {
    source: (bucketId) =>
      env.parts
        .listedFiles(env, call, bucketId)
        .filter((f) => f.status === 'trashed')
        .sort((a, b) => a.seq - b.seq),
    view: trashEntryView,
    extra: { retentionDays: RETENTION_DAYS },
  });

export const updateTrash: Handler = (call, env) => {
  const { world } = env;
  const restoreIds = (call.json.restore as string[] | undefined) ?? [];
  const purgeIds = (call.json.purge as string[] | undefined) ?? [];
  if (restoreIds.some((id) => purgeIds.includes(id))) return badRequest('A file cannot be both restored and purged.');
  const restore = env.parts.filesNamed(env, call, restoreIds, 'trashed');
  const purge = env.parts.filesNamed(env, call, purgeIds, 'trashed');
  if (!restore || !purge) return notFound('file in the trash');
  const paths = restore.map((f) => `${f.bucketId}\n${f.path}`);
  if (new Set(paths).size < paths.length || restore.some((f) => world.fileAt(f.bucketId, f.path)))
    return conflict('A file to restore has its path taken.');
  const emptied =
    call.json.empty === true
      ? world.files.current().filter((f) => f.bucketId === call.bucketId && f.status === 'trashed' && !restoreIds.includes(f.id))
      : [];
  const purged = [...new Map([...purge, ...emptied].map((f) => [f.id, f])).values()];
  const restored = restore.map((f) => changeFile(world, f, { status: 'ready', trashedAt: undefined }));
  for (const f of purged) purgeFile(world, f);
  return json(200, { restored: restored.map((f) => fileView(f)), purged: purged.map((f) => f.id) });
};
