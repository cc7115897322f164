// Records as the contract's schemas show them (G08): files, buckets,
// workspaces, trash entries, intelligence and backfill jobs. Counts and job
// progress are worked out when read.
import { nameOf, stamp } from './file-ops.ts';
import type { BucketRec, FileRec, IntelligenceRec, JobRec, WorkspaceRec, World } from './world.ts';

const RETENTION_DAYS = 30;
export { RETENTION_DAYS };

export function fileView(file: FileRec, score?: number): Record<string, unknown> {
  const { seq: _seq, trashedAt: _trashedAt, ...shown } = file;
  return { ...shown, name: nameOf(file.path), ...(score === undefined ? {} : { score }) };
}

export function trashEntryView(file: FileRec): Record<string, unknown> {
  const trashedAt = file.trashedAt ?? file.updatedAt;
  return {
    fileId: file.id,
    bucketId: file.bucketId,
    path: file.path,
    name: nameOf(file.path),
    size: file.size,
    contentType: file.contentType,
    trashedAt,
    purgeAt: stamp(Date.parse(trashedAt) + RETENTION_DAYS * 86_400_000),
  };
}

export function bucketView(bucket: BucketRec, world: World): Record<string, unknown> {
  const files = world.files.settled().filter((f) => f.bucketId === bucket.id && f.status === 'ready');
  return {
    ...bucket,
    fileCount: files.length,
    totalSize: files.reduce((sum, f) => sum + f.size, 0),
    updatedAt: bucket.createdAt,
  };
}

export function workspaceView(workspace: WorkspaceRec, world: World): Record<string, unknown> {
  const bucketCount = [...world.buckets.values()].filter((b) => b.workspaceId === workspace.id).length;
  return { ...workspace, bucketCount, updatedAt: workspace.createdAt };
}

/** A backfill job as it stands now: queued for 200 ms, running for a second, then done. */
export function jobView(job: JobRec): Record<string, unknown> {
  const elapsed = Date.now() - job.startedAt;
  const status = elapsed < 200 ? 'queued' : elapsed < 1200 ? 'running' : 'succeeded';
  const processedFiles = status === 'succeeded' ? job.totalFiles : status === 'running' ? Math.floor(job.totalFiles / 2) : 0;
  return {
    id: job.id,
    bucketId: job.bucketId,
    status,
    processedFiles,
    totalFiles: job.totalFiles,
    createdAt: stamp(job.startedAt),
    updatedAt: stamp(job.startedAt + Math.min(elapsed, 1200)),
    finishedAt: status === 'succeeded' ? stamp(job.startedAt + 1200) : null,
  };
}

/** Whether a job is still queued or running. */
export const jobBusy = (job: JobRec | undefined): boolean => job !== undefined && Date.now() - job.startedAt < 1200;

export function intelligenceView(rec: IntelligenceRec, world: World): Record<string, unknown> {
  const totalFiles = world.files.settled().filter((f) => f.bucketId === rec.bucketId && f.status === 'ready').length;
  const busy = jobBusy(rec.job);
  return {
    bucketId: rec.bucketId,
    enabled: rec.enabled,
    instructions: rec.instructions,
    status: busy ? 'indexing' : 'idle',
    indexedFiles: rec.enabled && !busy ? totalFiles : 0,
    totalFiles,
    lastIndexedAt: rec.job && !busy ? stamp(rec.job.startedAt + 1200) : null,
    backfill: rec.job ? jobView(rec.job) : null,
    updatedAt: rec.updatedAt,
  };
}
