// The book of updateIntelligence: PATCH a bucket's intelligence instructions,
// state the whole bucket shares, so checks sending it run one at a time. Its
// probe writes a unique marker and reads the instructions back; its scope
// proof writes the current instructions back unchanged; the mass-assignment
// case finds the record by the instructions it wrote.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import { readBody } from '../client/read-back.ts';
import { routeById, routePath, type BucketRole, type OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { OperationBook } from './operation-book.ts';
import { scopeOf } from './book-parts.ts';
import { inBody, recordMass } from './mass-read-backs.ts';
import { namedIn } from './request-fields.ts';

/** The instructions as they are now, so a PATCH can write them back unchanged. */
async function currentInstructions(ctx: CheckRun, bucket: BucketRole): Promise<string | null> {
  const route = routeById('getIntelligence');
  const ex = await ctx.api.send({
    method: 'GET',
    path: routePath(route, ctx.settings, bucket),
    auth: { key: ctx.harnessKey([route.scope], bucket) },
  });
  const instructions = (ex.json as { instructions?: unknown } | undefined)?.instructions;
  if (!isSuccess(ex.status) || (typeof instructions !== 'string' && instructions !== null))
    throw new Error(`the current intelligence instructions could not be read (${ex.status})`);
  return instructions;
}

async function valid(ctx: CheckRun, _bucket: BucketRole): Promise<OperationCall<'updateIntelligence'>> {
  return { json: { instructions: `Checked by bucketkit run ${ctx.settings.runId} (${ctx.unique()}).` } };
}

export const updateIntelligenceBook: OperationBook<'updateIntelligence'> = {
  operationId: 'updateIntelligence',
  files: 'none',
  exclusive: true,
  harnessScopes: [scopeOf('getIntelligence')],
  repeat: 'same-state',
  names: namedIn('updateIntelligence'),
  valid,
  probe: async (ctx, bucket) => {
    const marker = `bucketkit refused probe ${ctx.unique()}`;
    return {
      call: { json: { instructions: marker } },
      effectVisible: async () =>
        ((await readBody(ctx, 'getIntelligence', bucket)) as { instructions?: unknown } | undefined)?.instructions === marker,
    };
  },
  // Its current instructions written back: a PATCH that changes nothing.
  proof: {
    cost: 'none',
    call: async (ctx, bucket) => ({ json: { instructions: await currentInstructions(ctx, bucket) } }),
  },
  foreign: [],
  mass: recordMass(valid, inBody('getIntelligence'), (j) => String(j.instructions), 'getIntelligence'),
};
