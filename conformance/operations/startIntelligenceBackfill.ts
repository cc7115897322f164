// The book of startIntelligenceBackfill: start indexing the files under a
// prefix (the run's own). A backfill already running may be declined as busy
// (409 or 429): the seed does not say a second start succeeds, so those
// answers show the call reached the operation. Nothing the API can delete
// stays behind, so its scope proof is the costliest kind.
import type { OperationBook } from './operation-book.ts';
import { BUSY } from './book-parts.ts';
import { namedIn } from './request-fields.ts';

export const startIntelligenceBackfillBook: OperationBook<'startIntelligenceBackfill'> = {
  operationId: 'startIntelligenceBackfill',
  files: 'none',
  harnessScopes: [],
  busy: BUSY,
  // A backfill of the run's prefix already running is "busy", which the suite accepts.
  repeat: 'same-state',
  names: namedIn('startIntelligenceBackfill'),
  valid: async (ctx) => ({ json: { prefix: ctx.settings.runPrefix, force: false } }),
  proof: {
    cost: 'kept',
    busy: BUSY,
    call: async (ctx) => ({ json: { prefix: ctx.settings.runPrefix, force: false } }),
  },
  foreign: [],
  mass: undefined,
};
