// The book of runBucketAgent: ask the bucket's agent a question (it may be
// limited to files named in the body). The suite asks and asks for no action;
// the foreign-file case limits the question to the other bucket's file, which
// the answer must not reveal.
import type { OperationBook } from './operation-book.ts';
import { NAMING } from './foreign-read-backs.ts';
import { namedIn } from './request-fields.ts';

export const runBucketAgentBook: OperationBook<'runBucketAgent'> = {
  operationId: 'runBucketAgent',
  files: 'none',
  harnessScopes: [],
  // The suite asks the agent a question and asks for no action.
  repeat: 'one-more-inert',
  names: namedIn('runBucketAgent'),
  valid: async () => ({ json: { prompt: 'Which files are here? (bucketkit conformance probe)' } }),
  proof: { cost: 'none', call: async () => ({ json: { prompt: 'Which files are here? (bucketkit key check)' } }) },
  foreign: [
    {
      ...NAMING,
      readBack: [],
      call: async (_ctx, f) => ({ json: { prompt: 'Summarise the files named here.', fileIds: [f.file.id] } }),
    },
  ],
  mass: undefined,
};
