// Planted faults in the bucketIds restriction (§5): each lets a restricted
// key reach the other bucket by one request the plain checks do not send.
import { json, notFound } from '../answers.ts';
import { changeFile } from '../file-ops.ts';
import { fileView } from '../views.ts';
import type { FaultDef } from './fault-types.ts';

export const BUCKET_FAULTS = {
  'query-bucket-overrides-path': {
    area: 'bucket-limits',
    breaks: 'bucketIds applies to every bucket route: `?bucketId=` replaces the bucket of the path after the path was checked',
    apply: (parts) => ({
      ...parts,
      targetBucket: (pathBucketId, request) => request.query.get('bucketId') ?? parts.targetBucket(pathBucketId, request),
    }),
  },
  'batch-later-ids-unchecked': {
    area: 'bucket-limits',
    breaks:
      'bucketIds applies to every file named: only the first id of a batch body is looked up in the bucket, the rest in the workspace',
    apply: (parts) => ({
      ...parts,
      filesNamed: (env, call, ids, status) => {
        const [first, ...rest] = ids;
        const head = first === undefined ? [] : parts.filesNamed(env, call, [first], status);
        const tail = rest.map((id) => env.world.files.get(id)).filter((f) => f?.workspaceId === call.workspaceId && f.status === status);
        return head && tail.length === rest.length ? [...head, ...tail.map((f) => f!)] : undefined;
      },
    }),
  },
  'head-barred-bucket-200': {
    area: 'bucket-limits',
    breaks: 'bucketIds applies to every bucket route: HEAD skips the bucket check and answers 200',
    apply: (parts) => ({
      ...parts,
      reaches: (key, bucketId, request) => request.method === 'HEAD' || parts.reaches(key, bucketId, request),
    }),
  },
  'mass-assignment-bucket-alone': {
    area: 'bucket-limits',
    breaks:
      "a file PATCH changes tags and description only: a `bucketId` sent as the body's one extra field moves the file there, unchecked",
    apply: (parts) => ({
      ...parts,
      handlers: {
        ...parts.handlers,
        updateFile: (call, env) => {
          const extra = Object.keys(call.sent).filter((name) => !(name in call.json));
          const target = call.sent.bucketId;
          if (extra.length !== 1 || typeof target !== 'string' || !env.world.bucketIn(call.workspaceId, target))
            return parts.handlers.updateFile(call, env);
          const file = env.world.fileIn(call.bucketId, call.params.fileId);
          if (!file) return notFound('file');
          const tags = (call.json.tags as string[] | undefined) ?? file.tags;
          return json(200, fileView(changeFile(env.world, file, { bucketId: target, tags })));
        },
      },
    }),
  },
} satisfies Record<string, FaultDef>;
