// The book of trashFiles: move files, named by id in the body, to the trash.
// Its valid call and its probe trash a fresh test file each (the probe's
// read-back: the file leaves the listing); its scope proof spends a test file
// of the KEY check's own; the foreign-file case names the other bucket's file.
import { fileAt } from '../client/read-back.ts';
import type { OperationBook } from './operation-book.ts';
import { disposableFile, scopeOf } from './book-parts.ts';
import { NAMING, stillListed } from './foreign-read-backs.ts';
import { namedIn } from './request-fields.ts';

export const trashFilesBook: OperationBook<'trashFiles'> = {
  operationId: 'trashFiles',
  files: 'disposable',
  harnessScopes: [scopeOf('listFiles')],
  repeat: 'same-state',
  names: namedIn('trashFiles'),
  valid: async (ctx, bucket) => ({ json: { fileIds: [(await disposableFile(ctx, bucket)).id] } }),
  probe: async (ctx, bucket) => {
    const f = await disposableFile(ctx, bucket);
    return { call: { json: { fileIds: [f.id] } }, effectVisible: async () => (await fileAt(ctx, bucket, f.path)) === undefined };
  },
  proof: {
    cost: 'own-files',
    spends: 'listed',
    call: async (_ctx, bucket, t) => ({ json: { fileIds: [(await t.get(bucket, 'listed')).id] } }),
  },
  foreign: [
    {
      ...NAMING,
      readBack: ['listFiles'],
      call: async (_ctx, f) => ({ json: { fileIds: [f.file.id] } }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? undefined : 'it left the listing of its bucket (trashed)'),
    },
  ],
  mass: undefined,
};
