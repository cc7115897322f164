// Planted faults in listings: each shows a restricted key files of the other
// bucket through a listing parameter the plain checks do not send that way.
import type { FaultDef } from './fault-types.ts';

export const LISTING_FAULTS = {
  'limit-zero-lists-workspace': {
    area: 'bucket-limits',
    breaks: 'a listing shows its own bucket only: `limit=0` ("everything") takes a path that drops the bucket filter',
    apply: (parts) => ({
      ...parts,
      listedFiles: (env, call, bucketId) =>
        call.request.query.get('limit') === '0'
          ? env.world.files.settled().filter((f) => f.workspaceId === call.workspaceId)
          : parts.listedFiles(env, call, bucketId),
    }),
  },
  'cursor-from-other-bucket': {
    area: 'bucket-limits',
    breaks: "a listing shows its own bucket only: a cursor minted in another bucket's listing resumes that bucket's listing",
    apply: (parts) => ({
      ...parts,
      cursorBucket: (state, call, listedId) =>
        state.operationId === call.operationId ? state.bucketId : parts.cursorBucket(state, call, listedId),
    }),
  },
} satisfies Record<string, FaultDef>;
