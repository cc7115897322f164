// The bucket's collections: automations and suggestions (listed and created),
// shares and transfers (listed). Created records show in listings after the
// consistency lag.
import { json, notFound } from '../answers.ts';
import { stamp } from '../file-ops.ts';
import { answerListing } from '../listing/listing.ts';
import type { Handler } from '../parts.ts';
import type { Item } from '../world.ts';

const bySeq = (a: Item, b: Item) => a.seq - b.seq;
const shown = ({ seq: _seq, ...item }: Item) => item;

export const listAutomations: Handler = (call, env) =>
  answerListing(call, env, call.bucketId, {
    source: (bucketId) =>
      env.world.automations
        .settled()
        .filter((a) => a.bucketId === bucketId)
        .sort(bySeq),
    view: shown,
  });

export const createAutomation: Handler = (call, env) => {
  const now = stamp();
  const automation: Item = {
    id: env.world.newId('automation'),
    seq: env.world.nextSeq(),
    bucketId: call.bucketId,
    name: call.json.name,
    enabled: call.json.enabled ?? true,
    trigger: call.json.trigger,
    action: call.json.action,
    createdAt: now,
    updatedAt: now,
    lastRunAt: null,
  };
  env.world.automations.set(automation.id, automation);
  return json(201, shown(automation));
};

export const listSuggestions: Handler = (call, env) =>
  answerListing(call, env, call.bucketId, {
    source: (bucketId) =>
      env.world.suggestions
        .settled()
        .filter((s) => s.bucketId === bucketId)
        .sort(bySeq),
    view: shown,
  });

export const createSuggestion: Handler = (call, env) => {
  if (!env.parts.filesNamed(env, call, [call.json.fileId as string], 'ready')) return notFound('file');
  const suggestion: Item = {
    id: env.world.newId('suggestion'),
    seq: env.world.nextSeq(),
    bucketId: call.bucketId,
    fileId: call.json.fileId,
    kind: call.json.kind,
    proposal: call.json.proposal,
    reason: call.json.reason ?? null,
    status: 'open',
    source: 'api',
    createdAt: stamp(),
  };
  env.world.suggestions.set(suggestion.id, suggestion);
  return json(201, shown(suggestion));
};

export const listShares: Handler = (call, env) =>
  answerListing(call, env, call.bucketId, {
    source: (bucketId) => [...env.world.shares.values()].filter((s) => s.bucketId === bucketId).sort(bySeq),
    view: shown,
  });

export const listTransfers: Handler = (call, env) =>
  answerListing(call, env, call.bucketId, {
    source: (bucketId) => [...env.world.transfers.values()].filter((t) => t.bucketId === bucketId).sort(bySeq),
    view: shown,
  });
