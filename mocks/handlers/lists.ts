// The remaining listings and creations: automations (oldest first),
// suggestions, shares and transfers (newest first).
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { Automation, Suggestion } from '../world/world-types.ts';
import { jsonResponse } from '../core/problems.ts';
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

export function createAutomation(ctx: HandlerContext<'createAutomation'>): MockResponse {
  // The trigger's and action's own fields (cron for a schedule, tags, destination) are the schema's to check (G32).
  const body = ctx.body;
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

export function createSuggestion(ctx: HandlerContext<'createSuggestion'>): MockResponse {
  const body = ctx.body;
  // The schema ties the proposal to its kind (G32); only the file is left to look up.
  if (!ctx.lookupFile(body.fileId)) return noSuchFile(ctx, body.fileId);
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
