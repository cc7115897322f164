// The book of moveFiles: move files, named by id in the body, into a folder
// (of this bucket, or of another one the body names, G30). Its calls move
// into a fresh folder under the run's prefix; its probe's read-back: the file
// leaves its path. The foreign-file case names the other bucket's file; the
// mass-assignment case sends the file's fixed fields, and the file must be at
// its path or where the move puts it, those fields unchanged.
import { fileAt } from '../client/read-back.ts';
import type { BucketRole, JsonBody, OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { disposableFile, scopeOf } from './book-parts.ts';
import { NAMING, stillListed } from './foreign-read-backs.ts';
import { fileMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

/** A move of the files into a fresh folder under the run's prefix. */
export function moveBody(ctx: CheckRun, fileIds: string[]): JsonBody<'moveFiles'> {
  return { fileIds, destination: { prefix: `${ctx.settings.runPrefix}moved/${ctx.unique()}/` } };
}

async function valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<'moveFiles'>> {
  const subject = await disposableFile(ctx, bucket);
  return { json: moveBody(ctx, [subject.id]), subject };
}

export const moveFilesBook: OperationBook<'moveFiles'> = {
  operationId: 'moveFiles',
  files: 'disposable',
  harnessScopes: [scopeOf('listFiles')],
  repeat: 'same-state',
  names: namedIn('moveFiles'),
  valid,
  probe: async (ctx, bucket) => {
    const f = await disposableFile(ctx, bucket);
    return { call: { json: moveBody(ctx, [f.id]) }, effectVisible: async () => (await fileAt(ctx, bucket, f.path)) === undefined };
  },
  proof: {
    cost: 'own-files',
    spends: 'listed',
    call: async (ctx, bucket, t) => ({ json: moveBody(ctx, [(await t.get(bucket, 'listed')).id]) }),
  },
  foreign: [
    {
      ...NAMING,
      readBack: ['listFiles'],
      call: async (ctx, f) => ({ json: moveBody(ctx, [f.file.id]) }),
      changed: async (ctx, f) => ((await stillListed(ctx, f)) ? undefined : 'it left its path (moved)'),
    },
  ],
  mass: fileMass(
    valid,
    (call) => {
      const { path } = call.subject!;
      return [path, `${call.json!.destination.prefix}${path.slice(path.lastIndexOf('/') + 1)}`];
    },
    'listFiles',
  ),
};
