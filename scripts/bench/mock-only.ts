// The mock on its own: listing, memory, ready and reset time per world size; the event-loop stall under a big body; the soak.
import { Agent } from 'node:http';
import { callOk, callOp, mintKey, pathOf, probeWorld, resetMock, route, type JsonBody, type Op } from './api.ts';
import { call, fitSlope, readRss, sequential, startProbe } from './measure.ts';
import type { SoakResult, StallResult, WorldRow } from './results.ts';
import { startMock, type Server } from './servers.ts';

/** An error of a call to a mock that has died, told by how it died (a crash shows as one, not as "socket hang up"). */
function death(mock: Server, error: unknown): string {
  const how = mock.proc.exit();
  return how ? `the mock ${how}${mock.proc.why() ? `: ${mock.proc.why()}` : ''}` : (error as Error).message;
}

/** One mock per world size: ready time, prefix and tag listing latency, RSS, then reset time. Never throws: a crash is a row. */
export async function measureWorlds(
  sizes: number[],
  samples: number,
  seed: number | undefined,
  readyTimeoutMs: number,
): Promise<WorldRow[]> {
  const rows: WorldRow[] = [];
  for (const files of sizes) {
    const row: WorldRow = { files, listing: [] };
    rows.push(row);
    let mock: Server | undefined;
    try {
      mock = await startMock({ files, seed, timeoutMs: readyTimeoutMs });
      row.readyMs = mock.readyMs;
      const world = await probeWorld(mock);
      const token = await mintKey(mock, [route('listFiles').scope], [world.ids.bucketId]);
      for (const [filter, value] of [['prefix', world.prefix] as const, ['tag', world.tag] as const]) {
        const url = mock.apiBase + pathOf('listFiles', world.ids, { [filter]: value, limit: 100 });
        row.listing.push({ filter, value, samples, ...(await sequential(url, { authorization: `Bearer ${token}` }, samples)) });
      }
      Object.assign(row, readRss(mock.proc.pid));
      row.resetMs = await resetMock(mock);
    } catch (error) {
      row.error = mock ? death(mock, error) : (error as Error).message;
    } finally {
      await mock?.proc.stop();
    }
  }
  return rows;
}

/** The mock's JSON body limit (GAPS.md G15). */
export const BODY_LIMIT = 1024 * 1024;

/** A trash request with as many distinct, well-formed ids as fit in `limit` bytes. */
export function bigTrashBody(limit = BODY_LIMIT): { body: JsonBody<'trashFiles'>; bytes: number } {
  const fileIds: string[] = [];
  let bytes = JSON.stringify({ fileIds: [] }).length;
  for (let i = 0; ; i++) {
    const id = `file_${i.toString(36).padStart(8, '0')}`;
    const more = id.length + 2 + (fileIds.length > 0 ? 1 : 0);
    if (bytes + more > limit) return { body: { fileIds }, bytes };
    fileIds.push(id);
    bytes += more;
  }
}

/** The longest event-loop block while one request carries a ~1 MiB body: a probe GETs every 10 ms meanwhile. */
export async function measureStall(repeats: number, seed: number | undefined, bodyBytes = BODY_LIMIT): Promise<StallResult> {
  const mock = await startMock({ seed });
  try {
    const world = await probeWorld(mock);
    const probeKey = await mintKey(mock, [route('listWorkspaces').scope], null);
    const trashKey = await mintKey(mock, [route('trashFiles').scope], [world.ids.bucketId]);
    const { body, bytes } = bigTrashBody(bodyBytes);
    const result: StallResult = {
      ids: body.fileIds.length,
      bodyBytes: bytes,
      status: 0,
      requestMs: 0,
      maxGapMs: 0,
      repeats,
      probeAnswers: 0,
      probeFailures: 0,
    };
    for (let i = 0; i < repeats; i++) {
      const probe = startProbe(mock.apiBase + pathOf('listWorkspaces', {}), { authorization: `Bearer ${probeKey}` });
      await new Promise((r) => setTimeout(r, 200));
      const answer = await callOp(mock, 'trashFiles', world.ids, trashKey, { body, timeoutMs: 120_000 });
      await new Promise((r) => setTimeout(r, 200));
      const gaps = await probe.stop();
      if (answer.status < 400 || answer.status >= 500)
        throw new Error(`a trash request of ${result.ids} made-up ids answered ${answer.status}; expected a 4xx refusal`);
      Object.assign(result, {
        status: answer.status,
        requestMs: Math.max(result.requestMs, answer.ms),
        maxGapMs: Math.max(result.maxGapMs, gaps.maxGapMs),
        probeAnswers: result.probeAnswers + gaps.answers,
        probeFailures: result.probeFailures + gaps.failures,
      });
    }
    return result;
  } catch (error) {
    throw new Error(death(mock, error));
  } finally {
    await mock.proc.stop();
  }
}

const SOAK_OPS = [
  'listFiles',
  'presignDownload',
  'updateFile',
  'presignUpload',
  'trashFiles',
  'updateTrash',
] as const satisfies readonly Op[];

/**
 * `seconds` of mixed requests (list, presign-download, PATCH, upload then trash and purge) on 4 connections to one
 * mock, RSS sampled every `sampleSec`; the slope is fitted after a warm-up of a third (at most 60 s).
 */
export async function measureSoak(seconds: number, seed: number | undefined, sampleSec = 5): Promise<SoakResult> {
  const mock = await startMock({ seed });
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const count = (status: number) => (statusCounts[status] = (statusCounts[status] ?? 0) + 1);
  try {
    const world = await probeWorld(mock);
    const key = await mintKey(
      mock,
      SOAK_OPS.map((op) => route(op).scope),
      [world.ids.bucketId],
    );
    const deadline = performance.now() + seconds * 1000;
    // Keep-alive: a soak of new connections would exhaust loopback ports (TIME_WAIT) before it found a leak.
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const worker = async (w: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const fileId = world.fileIds[(w * 7919 + n) % world.fileIds.length];
        try {
          const step = n % 4;
          if (step === 0) count((await callOp(mock, 'listFiles', world.ids, key, { query: { limit: 100 }, agent })).status);
          if (step === 1)
            count((await callOp(mock, 'presignDownload', world.ids, key, { body: { fileId, disposition: 'attachment' }, agent })).status);
          if (step === 2)
            count(
              (await callOp(mock, 'updateFile', { ...world.ids, fileId }, key, { body: { tags: ['bench', `soak-${n % 5}`] }, agent }))
                .status,
            );
          if (step === 3) {
            const body = { path: `bench-soak/w${w}-${n}.txt`, contentType: 'text/plain', size: 1024 };
            const upload = await callOk(mock, 'presignUpload', world.ids, key, { body, agent });
            count(route('presignUpload').successStatus);
            count(
              (
                await call(upload.url, {
                  method: upload.method,
                  headers: upload.headers as Record<string, string>,
                  body: Buffer.alloc(1024, 97),
                  agent,
                })
              ).status,
            );
            count((await callOp(mock, 'trashFiles', world.ids, key, { body: { fileIds: [upload.fileId] }, agent })).status);
            count((await callOp(mock, 'updateTrash', world.ids, key, { body: { purge: [upload.fileId] }, agent })).status);
          }
        } catch {
          errors++;
          if (mock.proc.exit()) throw new Error(death(mock, new Error('no answer')));
        }
      }
    };
    const samples: SoakResult['samples'] = [];
    const t0 = performance.now();
    const sample = () => samples.push({ tSec: (performance.now() - t0) / 1000, rssMb: readRss(mock.proc.pid).rssMb });
    sample();
    const sampler = setInterval(sample, sampleSec * 1000);
    try {
      await Promise.all([0, 1, 2, 3].map(worker));
      sample();
    } finally {
      clearInterval(sampler);
      agent.destroy();
    }
    const warmupSec = Math.min(60, seconds / 3);
    const fit = fitSlope(samples.filter((s) => s.tSec >= warmupSec).map((s) => ({ x: s.tSec / 60, y: s.rssMb })));
    return { seconds, warmupSec, samples, slopeMbPerMin: fit.slope, stderrMbPerMin: fit.stderr, statusCounts, errors };
  } finally {
    await mock.proc.stop();
  }
}
