// The book of updateTrash: restore (or purge) trashed files named by id in
// the body. The contract names them `restore` and `purge`, not `fileIds`, so
// the book declares that they name files. Its calls act on a fresh trashed
// test file each (the probe's read-back: the file is listed again); the
// foreign-file cases restore and purge the other bucket's trashed file.
import { fileAt } from '../client/read-back.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf } from './book-parts.ts';
import { inOtherTrash, stillListed } from './foreign-read-backs.ts';
import { namedIn } from './request-fields.ts';

export const updateTrashBook: OperationBook<'updateTrash'> = {
  operationId: 'updateTrash',
  files: 'disposable',
  harnessScopes: [scopeOf('listFiles'), scopeOf('trashFiles')],
  repeat: 'same-state',
  names: namedIn('updateTrash', { files: ['restore', 'purge'] }),
  valid: async (ctx, bucket) => ({ json: { restore: [(await ctx.files.create(bucket, { trashed: true })).id] } }),
  probe: async (ctx, bucket) => {
    const f = await ctx.files.create(bucket, { trashed: true });
    return { call: { json: { restore: [f.id] } }, effectVisible: async () => (await fileAt(ctx, bucket, f.path)) !== undefined };
  },
  proof: {
    cost: 'own-files',
    spends: 'trashed',
    call: async (_ctx, bucket, t) => ({ json: { restore: [(await t.get(bucket, 'trashed')).id] } }),
  },
  foreign: [
    {
      slug: 'foreign-restore',
      what: 'restoring a trashed file of another bucket',
      trashed: true,
      readBack: ['listFiles'],
      call: async (_ctx, f) => ({ json: { restore: [f.file.id] } }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? 'it was restored in its bucket' : undefined),
    },
    {
      slug: 'foreign-purge',
      what: 'purging a trashed file of another bucket',
      trashed: true,
      readBack: ['getTrash'],
      call: async (_ctx, f) => ({ json: { purge: [f.file.id] } }),
      // The trash listing's fields are a choice (G31): it must name the file (by id or path) for a purge to show.
      observable: (ctx, f) => inOtherTrash(ctx, f),
      changed: async (ctx, f) => ((await inOtherTrash(ctx, f)) ? undefined : 'it left the trash of its bucket (purged)'),
    },
  ],
  mass: undefined,
};
