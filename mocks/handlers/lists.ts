// The remaining listings and creations: automations (oldest first),
// suggestions, shares and transfers (newest first).
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { Automation, Suggestion } from '../world/world-types.ts';
import { jsonResponse, validationFailed } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { listResponse } from './paging.ts';
import { noSuchFile } from './bucket-files-lookup.ts';
import { newId } from './new-id.ts';

const newestFirst = <T extends { createdAt: string; id: string }>(items: T[]): T[] =>
  [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? -1 : 1));

export const listAutomations = (ctx: HandlerContext<'listAutomations'>): MockResponse => listResponse(ctx.bucket.automations, ctx.params);
export const listSuggestions = (ctx: HandlerContext<'listSuggestions'>): MockResponse =>
  listResponse(newestFirst(ctx.bucket.suggestions), ctx.params);
// Share links point at the origin the client used, not the one the world was generated for.
export const listShares = (ctx: HandlerContext<'listShares'>): MockResponse => {
  const origin = ctx.env.origin(ctx.headers);
  return listResponse(
    newestFirst(ctx.bucket.shares).map((share) => ({ ...share, url: `${origin}/s/${share.id}` })),
    ctx.params,
  );
};
export const listTransfers = (ctx: HandlerContext<'listTransfers'>): MockResponse =>
  listResponse(newestFirst(ctx.bucket.transfers), ctx.params);

// Fields the schema leaves optional but an automation of that kind needs.
function automationGaps(body: Pick<Automation, 'trigger' | 'action'>) {
  const errors = [];
  if (body.trigger.event === 'schedule' && !body.trigger.cron)
    errors.push({ location: 'body' as const, field: '/trigger/cron', message: 'is required for the schedule event' });
  if (body.action.type === 'add_tags' && !body.action.tags)
    errors.push({ location: 'body' as const, field: '/action/tags', message: 'is required for add_tags' });
  if (body.action.type === 'move' && body.action.destination === undefined)
    errors.push({ location: 'body' as const, field: '/action/destination', message: 'is required for move' });
  return errors;
}

export function createAutomation(ctx: HandlerContext<'createAutomation'>): MockResponse {
  const body = ctx.body;
  const errors = automationGaps(body);
  if (errors.length > 0) return validationFailed(errors);
  const now = timestamp(ctx.env.clock.now());
  const automation: Automation = {
    id: newId('aut'),
    bucketId: ctx.bucket.bucket.id,
    name: body.name,
    enabled: body.enabled ?? true,
    trigger: body.trigger,
    action: body.action,
    createdAt: now,
    updatedAt: now,
    lastRunAt: null,
  };
  ctx.bucket.automations.push(automation);
  return jsonResponse(201, automation);
}

const PROPOSAL_FIELD = { add_tags: 'tags', set_description: 'description', move: 'path' } as const;

export function createSuggestion(ctx: HandlerContext<'createSuggestion'>): MockResponse {
  const body = ctx.body;
  if (!ctx.lookupFile(body.fileId)) return noSuchFile(ctx, body.fileId);
  const field = PROPOSAL_FIELD[body.kind];
  if (body.proposal[field] === undefined)
    return validationFailed([{ location: 'body', field: `/proposal/${field}`, message: `is required for kind ${body.kind}` }]);
  const suggestion: Suggestion = {
    id: newId('sug'),
    bucketId: ctx.bucket.bucket.id,
    fileId: body.fileId,
    kind: body.kind,
    proposal: body.proposal,
    reason: body.reason ?? null,
    status: 'open',
    source: 'api',
    createdAt: timestamp(ctx.env.clock.now()),
  };
  ctx.bucket.suggestions.push(suggestion);
  return jsonResponse(201, suggestion);
}
