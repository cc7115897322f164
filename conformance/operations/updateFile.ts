// The book of updateFile: PATCH a file's tags and description. Its valid call
// and its probe act on a fresh test file each (a borrowed listed file when the
// deployment takes no upload); its scope proof writes the run's
// own file back unchanged; the file named in the path is what the foreign-file
// case points at the other bucket; the mass-assignment case sends the file's
// fixed fields, which must stay as they were.
import { fileAt } from '../client/read-back.ts';
import type { BucketRole, OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { retaggableFile, scopeOf } from './book-parts.ts';
import { NAMING } from './foreign-read-backs.ts';
import { fileMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

async function valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<'updateFile'>> {
  const subject = await retaggableFile(ctx, bucket);
  return {
    fileId: subject.id,
    json: { tags: [`bk-${ctx.unique()}`], description: 'Checked by the bucketkit conformance suite.' },
    subject,
  };
}

const sameTags = (a: string[], b: string[]) => a.length === b.length && a.every((t) => b.includes(t));

export const updateFileBook: OperationBook<'updateFile'> = {
  operationId: 'updateFile',
  files: 'disposable',
  harnessScopes: [scopeOf('listFiles')],
  repeat: 'same-state',
  names: namedIn('updateFile'),
  valid,
  probe: async (ctx, bucket) => {
    const f = await retaggableFile(ctx, bucket);
    const tag = `bk-${ctx.unique()}`;
    return {
      call: { fileId: f.id, json: { tags: [tag] } },
      // A listing without tags shows no effect: the refusal check then rests on the answer alone.
      effectVisible: async () => (await fileAt(ctx, bucket, f.path))?.tags?.includes(tag) === true,
    };
  },
  // The run's own file with its current values: a PATCH that changes nothing.
  proof: {
    cost: 'own-files',
    call: async (_ctx, bucket, t) => {
      const file = await t.get(bucket, 'listed');
      return { fileId: file.id, json: { tags: file.tags, description: file.description } };
    },
  },
  foreign: [
    {
      ...NAMING,
      mustRefuse: true,
      borrowable: true,
      readBack: ['listFiles'],
      call: async (ctx, f) => ({ fileId: f.file.id, json: { tags: [`bk-${ctx.unique()}`] } }),
      // Against its tags as the run found them (none on the run's own file; a borrowed file's own).
      changed: async (ctx, f) => {
        const now = (await fileAt(ctx, 'other', f.file.path))?.tags;
        return now && !sameTags(now, f.file.tags) ? 'its tags were changed' : undefined;
      },
    },
  ],
  mass: fileMass(valid, (call) => [call.subject!.path], 'listFiles'),
};
