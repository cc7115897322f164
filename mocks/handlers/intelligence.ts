// GET/PATCH .../intelligence and POST .../intelligence/backfill (G27). A job's
// progress is a pure function of the clock: queued, then running, then
// succeeded, so a test with a manual clock sees every state.
import type { HandlerContext } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';
import type { BackfillState, BucketState } from '../store/world-store.ts';
import type { BackfillJob } from '../world/world-types.ts';
import { jsonResponse } from '../core/problems.ts';
import { timestamp } from '../core/clock.ts';
import { newId } from './new-id.ts';

/** How long a job stays queued, then how long it runs. */
export const BACKFILL_QUEUED_MS = 500;
export const BACKFILL_RUNNING_MS = 2000;

/** The job as it stands at `nowMs`. */
export function backfillJob(state: BackfillState, nowMs: number): BackfillJob {
  const elapsed = nowMs - state.startedAtMs;
  const total = state.job.totalFiles;
  const doneAt = state.startedAtMs + BACKFILL_QUEUED_MS + BACKFILL_RUNNING_MS;
  if (elapsed < BACKFILL_QUEUED_MS)
    return { ...state.job, status: 'queued', processedFiles: 0, updatedAt: state.job.createdAt, finishedAt: null };
  if (nowMs < doneAt) {
    const processedFiles = Math.min(total, Math.floor((total * (elapsed - BACKFILL_QUEUED_MS)) / BACKFILL_RUNNING_MS));
    return { ...state.job, status: 'running', processedFiles, updatedAt: timestamp(nowMs), finishedAt: null };
  }
  return { ...state.job, status: 'succeeded', processedFiles: total, updatedAt: timestamp(doneAt), finishedAt: timestamp(doneAt) };
}

function intelligenceBody(bucket: BucketState, nowMs: number) {
  const settings = bucket.intelligence;
  const job = bucket.backfill ? backfillJob(bucket.backfill, nowMs) : null;
  const active = job !== null && (job.status === 'queued' || job.status === 'running');
  const totalFiles = bucket.files.count;
  return {
    bucketId: bucket.bucket.id,
    enabled: settings.enabled,
    instructions: settings.instructions,
    status: active ? 'indexing' : 'idle',
    indexedFiles: active ? Math.min(totalFiles, job.processedFiles) : totalFiles,
    totalFiles,
    lastIndexedAt: job?.finishedAt ?? settings.lastIndexedAt,
    backfill: job,
    updatedAt: settings.updatedAt,
  };
}

export const getIntelligence = (ctx: HandlerContext<'getIntelligence'>): MockResponse =>
  jsonResponse(200, intelligenceBody(ctx.bucket, ctx.env.clock.now()));

export function updateIntelligence(ctx: HandlerContext<'updateIntelligence'>): MockResponse {
  const changes = ctx.body;
  const settings = ctx.bucket.intelligence;
  if (changes.enabled !== undefined) settings.enabled = changes.enabled;
  if (changes.instructions !== undefined) settings.instructions = changes.instructions;
  const now = ctx.env.clock.now();
  settings.updatedAt = timestamp(now);
  return jsonResponse(200, intelligenceBody(ctx.bucket, now));
}

export function startIntelligenceBackfill(ctx: HandlerContext<'startIntelligenceBackfill'>): MockResponse {
  const now = ctx.env.clock.now();
  const { bucket } = ctx;
  const current = bucket.backfill ? backfillJob(bucket.backfill, now) : null;
  if (current && (current.status === 'queued' || current.status === 'running')) return jsonResponse(202, current);
  const prefix = ctx.body?.prefix ?? '';
  const totalFiles = bucket.files.sorted.page(prefix, undefined, Number.MAX_SAFE_INTEGER).files.length;
  bucket.backfill = { job: { id: newId('job'), bucketId: bucket.bucket.id, createdAt: timestamp(now), totalFiles }, startedAtMs: now };
  return jsonResponse(202, backfillJob(bucket.backfill, now));
}
