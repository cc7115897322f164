// The book of createSuggestion: a suggestion about a file named in the body,
// with a reason the suite makes unique. Its valid call names the run's shared
// test file; its probe finds its suggestion by reason; its scope proof leaves
// one behind (the API cannot delete it), named after the run; the foreign-file
// case files one about the other bucket's file, which must not show there.
import { listHas } from '../client/read-back.ts';
import type { BucketRole, JsonBody, OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf, sharedFile } from './book-parts.ts';
import { NAMING, otherListingShows } from './foreign-read-backs.ts';
import { inListing, recordMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

/** A suggestion to tag the file, found again by its reason. */
export function suggestionBody(fileId: string, reason: string): JsonBody<'createSuggestion'> {
  return { fileId, kind: 'add_tags', proposal: { tags: ['bucketkit-probe'] }, reason };
}

async function valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<'createSuggestion'>> {
  return { json: suggestionBody(sharedFile(ctx, bucket).id, `bucketkit ${ctx.unique()}`) };
}

export const createSuggestionBook: OperationBook<'createSuggestion'> = {
  operationId: 'createSuggestion',
  files: 'shared',
  harnessScopes: [scopeOf('listSuggestions')],
  // Named after the run; the suite reads suggestions back by their unique reason.
  repeat: 'one-more-inert',
  names: namedIn('createSuggestion'),
  valid,
  probe: async (ctx, bucket) => {
    const reason = `bucketkit refused ${ctx.unique()}`;
    return {
      call: { json: suggestionBody(sharedFile(ctx, bucket).id, reason) },
      effectVisible: () => listHas<{ reason?: unknown }>(ctx, 'listSuggestions', bucket, (s) => s.reason === reason),
    };
  },
  proof: {
    cost: 'kept',
    call: async (ctx, bucket, t) => ({
      json: suggestionBody((await t.get(bucket, 'listed')).id, `bucketkit key check ${ctx.settings.runId}`),
    }),
  },
  foreign: [
    {
      ...NAMING,
      readBack: ['listSuggestions'],
      call: async (_ctx, f) => ({ json: suggestionBody(f.file.id, `bucketkit ${f.file.id}`) }),
      changed: async (ctx, f) =>
        (await otherListingShows(ctx, 'listSuggestions', { value: `bucketkit ${f.file.id}`, what: 'the suggestion', kind: 'value' }))
          ? 'a suggestion about it was filed in its bucket'
          : undefined,
    },
  ],
  mass: recordMass(valid, inListing('listSuggestions'), (j) => String(j.reason), 'listSuggestions'),
};
