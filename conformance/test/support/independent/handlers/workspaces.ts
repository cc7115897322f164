// GET /workspaces and GET .../buckets. This server lists every workspace of
// the account and every bucket of a workspace, whatever the key's bucketIds
// (G06 leaves how a listing reflects the restriction open): names and counts
// only, never a barred bucket's contents.
import { answerListing } from '../listing/listing.ts';
import type { Handler } from '../parts.ts';
import { bucketView, workspaceView } from '../views.ts';

const inOrder = <T>(records: T[]) => records.map((record, seq) => ({ record, seq }));

export const listWorkspaces: Handler = (call, env) =>
  answerListing(call, env, '', {
    source: () => inOrder([...env.world.workspaces.values()]),
    view: ({ record }) => workspaceView(record, env.world),
  });

export const listBuckets: Handler = (call, env) =>
  answerListing(call, env, call.workspaceId, {
    source: (workspaceId) => inOrder([...env.world.buckets.values()].filter((b) => b.workspaceId === workspaceId)),
    view: ({ record }) => bucketView(record, env.world),
  });
