// The book of createAutomation: a disabled automation named after the run,
// triggered under the run's prefix. Its probe names one uniquely and finds it
// in the listing; its scope proof leaves one behind (the API cannot delete
// it), named after the run; the mass-assignment case finds the record by name.
import { listHas } from '../client/read-back.ts';
import type { BucketRole, JsonBody, OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf } from './book-parts.ts';
import { inListing, recordMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

/** A disabled automation that tags the files uploaded under `prefix`. */
export function automationBody(name: string, prefix: string): JsonBody<'createAutomation'> {
  return {
    name,
    enabled: false,
    trigger: { event: 'file.uploaded', prefix },
    action: { type: 'add_tags', tags: ['bucketkit-probe'] },
  };
}

async function valid(ctx: CheckRun, _bucket: BucketRole): Promise<OperationCall<'createAutomation'>> {
  return { json: automationBody(`bucketkit ${ctx.settings.runId} ${ctx.unique()}`, ctx.settings.runPrefix) };
}

export const createAutomationBook: OperationBook<'createAutomation'> = {
  operationId: 'createAutomation',
  files: 'none',
  harnessScopes: [scopeOf('listAutomations')],
  // Disabled, named after the run.
  repeat: 'one-more-inert',
  names: namedIn('createAutomation'),
  valid,
  probe: async (ctx, bucket) => {
    const name = `bucketkit refused ${ctx.unique()}`;
    return {
      call: { json: automationBody(name, ctx.settings.runPrefix) },
      effectVisible: () => listHas<{ name?: unknown }>(ctx, 'listAutomations', bucket, (a) => a.name === name),
    };
  },
  proof: {
    cost: 'kept',
    call: async (ctx) => ({ json: automationBody(`bucketkit key check ${ctx.settings.runId} ${ctx.unique()}`, ctx.settings.runPrefix) }),
  },
  foreign: [],
  mass: recordMass(valid, inListing('listAutomations'), (j) => String(j.name), 'listAutomations'),
};
