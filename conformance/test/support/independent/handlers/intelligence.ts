// Intelligence (G27): read (as listings see it, after the consistency lag),
// update, and start a backfill, which answers 202 with the job and, while a
// job is queued or running, the same job again.
import { json } from '../answers.ts';
import { stamp } from '../file-ops.ts';
import type { Handler } from '../parts.ts';
import { intelligenceView, jobBusy, jobView } from '../views.ts';
import type { IntelligenceRec } from '../world.ts';

const blank = (bucketId: string): IntelligenceRec => ({ bucketId, enabled: false, instructions: null, updatedAt: stamp() });

export const getIntelligence: Handler = (call, env) => {
  const rec = env.world.intelligence.settledOne(call.bucketId) ?? blank(call.bucketId);
  return json(200, intelligenceView(rec, env.world));
};

export const updateIntelligence: Handler = (call, env) => {
  const rec = env.world.intelligence.get(call.bucketId) ?? blank(call.bucketId);
  const next: IntelligenceRec = { ...rec, updatedAt: stamp() };
  if (typeof call.json.enabled === 'boolean') next.enabled = call.json.enabled;
  if (call.json.instructions !== undefined) next.instructions = call.json.instructions as string | null;
  env.world.intelligence.set(call.bucketId, next);
  return json(200, intelligenceView(next, env.world));
};

export const startIntelligenceBackfill: Handler = (call, env) => {
  const rec = env.world.intelligence.get(call.bucketId) ?? blank(call.bucketId);
  if (rec.job && jobBusy(rec.job)) return json(202, jobView(rec.job));
  const prefix = (call.json.prefix as string | undefined) ?? '';
  const totalFiles = env.world.files
    .current()
    .filter((f) => f.bucketId === call.bucketId && f.status === 'ready' && f.path.startsWith(prefix)).length;
  const job = { id: env.world.newId('job'), bucketId: call.bucketId, startedAt: Date.now(), totalFiles };
  env.world.intelligence.set(call.bucketId, { ...rec, job });
  return json(202, jobView(job));
};
