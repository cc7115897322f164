// Checks that the summaries given to --merge are one complete, consistent set
// of shards: every index 1..n exactly once, the same split, level, target and
// mode, distinct runs, and no check reported twice.
import { buildSummary, type RunStats, type Summary } from './summary.ts';
import { mergeMatrices } from './authorization-matrix.ts';
import { mergeListingShapes } from './listing-shapes-text.ts';
import { mergeVariantStats } from '../operators/axis-counts.ts';

/** An incomplete or inconsistent shard set, or a report dir that cannot be read (exit 3). */
export class ShardSetError extends Error {}

/** One shard's summary and where it came from (its report dir). */
export interface ShardPart {
  source: string;
  summary: Summary;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The target a base URL names; loopback ports are dropped because the embedded mock takes an ephemeral port per shard. */
export function targetOf(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (LOOPBACK.has(url.hostname)) url.port = '';
    return url.href.replace(/\/$/, '');
  } catch {
    return baseUrl;
  }
}

/** The shards' transient-failure counts added up; none when no shard counted them (an older summary). */
function sumTransient(counts: (RunStats['transient'] | undefined)[]): RunStats['transient'] {
  const given = counts.filter((c) => c !== undefined);
  if (!given.length) return undefined;
  const sum = (key: keyof NonNullable<RunStats['transient']>) => given.reduce((n, c) => n + c[key], 0);
  return { met: sum('met'), resent: sum('resent'), reproduced: sum('reproduced'), notResent: sum('notResent') };
}

/** Lists how the values of `key` differ across parts, or nothing when they agree. */
function differs(parts: ShardPart[], what: string, key: (s: Summary) => string): string[] {
  const values = new Map<string, string[]>();
  for (const p of parts) {
    const value = key(p.summary);
    values.set(value, [...(values.get(value) ?? []), p.source]);
  }
  if (values.size <= 1) return [];
  return [`${what} differ: ${[...values].map(([value, sources]) => `${value} (${sources.join(', ')})`).join('; ')}`];
}

/** Every reason the parts are not one complete shard set of one run; empty when they are. */
export function shardSetProblems(parts: ShardPart[]): string[] {
  const problems: string[] = [];
  const byIndex = new Map<number, string[]>();
  const totals = new Map<number, string[]>();
  for (const p of parts) {
    // A run without --shard is the whole run: shard 1 of 1.
    const shard = p.summary.shard ?? '1/1';
    const m = /^(\d+)\/(\d+)$/.exec(shard);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) {
      problems.push(`${p.source}: shard "${shard}" is not i/n`);
      continue;
    }
    byIndex.set(Number(m[1]), [...(byIndex.get(Number(m[1])) ?? []), p.source]);
    totals.set(Number(m[2]), [...(totals.get(Number(m[2])) ?? []), p.source]);
  }
  if (totals.size > 1) {
    problems.push(
      `the shards split the run differently: ${[...totals].map(([n, sources]) => `of ${n} (${sources.join(', ')})`).join('; ')}`,
    );
  } else if (totals.size === 1) {
    const n = [...totals.keys()][0];
    const missing = Array.from({ length: n }, (_, i) => i + 1).filter((i) => !byIndex.has(i));
    if (missing.length) problems.push(`missing shard${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${n}`);
  }
  const duplicated = [...byIndex].sort(([a], [b]) => a - b).filter(([, sources]) => sources.length > 1);
  for (const [i, sources] of duplicated) problems.push(`shard ${i} given ${sources.length} times: ${sources.join(', ')}`);
  problems.push(...differs(parts, 'levels', (s) => s.level));
  problems.push(...differs(parts, 'base URLs', (s) => targetOf(s.baseUrl)));
  problems.push(...differs(parts, 'read-only modes', (s) => (s.readOnly ? 'read-only' : 'writing')));
  const runs = new Map<string, string[]>();
  for (const p of parts) runs.set(p.summary.runId, [...(runs.get(p.summary.runId) ?? []), p.source]);
  for (const [runId, sources] of runs)
    if (sources.length > 1) problems.push(`run ${runId} given ${sources.length} times: ${sources.join(', ')}`);
  if (duplicated.length || runs.size < parts.length) return problems;
  // Each check runs in exactly one shard of a run; one reported twice means the shards come from different plans.
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const c of parts.flatMap((p) => p.summary.checks)) {
    if (seen.has(c.id)) twice.push(c.id);
    seen.add(c.id);
  }
  if (twice.length) {
    problems.push(
      `${twice.length} check(s) reported by more than one shard (e.g. ${twice.slice(0, 3).join(', ')}): the shards were not split from the same plan`,
    );
  }
  return [...problems, ...routeDisagreements(parts)];
}

/** Routes one shard found served and another not: their checks' outcomes would depend on the shard they ran in. */
function routeDisagreements(parts: ShardPart[]): string[] {
  const seen = new Map<string, { served: string[]; unserved: string[] }>();
  for (const p of parts)
    for (const [operationId, proof] of Object.entries(p.summary.routeProofs ?? {})) {
      const entry = seen.get(operationId) ?? { served: [], unserved: [] };
      (proof.served ? entry.served : entry.unserved).push(p.summary.shard ?? p.source);
      seen.set(operationId, entry);
    }
  return [...seen]
    .filter(([, e]) => e.served.length && e.unserved.length)
    .map(
      ([operationId, e]) =>
        `the shards disagree on ${operationId}: served in shard ${e.served.join(', ')}, not served in shard ${e.unserved.join(', ')} (a deployment that changed between the shards, or answers a route differently at times)`,
    );
}

/** Why the merged run is incomplete: each stopped shard's reason, with the worst exit code. */
function mergeIncomplete(parts: Summary[]): Summary['incomplete'] {
  const stopped = parts.filter((p) => p.incomplete);
  if (stopped.length === 0) return undefined;
  return {
    exitCode: stopped.some((p) => p.incomplete!.exitCode === 3) ? 3 : 2,
    reason: stopped.map((p) => `${p.shard ? `shard ${p.shard}: ` : ''}${p.incomplete!.reason}`).join('; '),
  };
}

/**
 * Merges the summaries of one run's shards (`sources` names them in messages, e.g. their report dirs):
 * refuses an incomplete or inconsistent set, then recomputes the counts.
 */
export function mergeSummaries(parts: Summary[], allRoutes: string[], sources: string[] = parts.map((p) => p.runId)): Summary {
  if (parts.length === 0) throw new ShardSetError('Nothing to merge: give at least one summary.json.');
  const problems = shardSetProblems(parts.map((summary, i) => ({ source: sources[i], summary })));
  if (problems.length)
    throw new ShardSetError(
      `Refusing to merge: the shard set is incomplete or inconsistent:\n${problems.map((p) => `  - ${p}`).join('\n')}\nGive exactly one report dir per shard (1/n to n/n) of the same run.`,
    );
  // In shard order, so the merged run id and the shard list read 1..n whatever order the dirs came in.
  parts = [...parts].sort((a, b) => parseInt(a.shard ?? '1', 10) - parseInt(b.shard ?? '1', 10));
  const cleanups = parts.flatMap((p) => (p.cleanup ? [p.cleanup] : []));
  const cleanup = cleanups.length
    ? {
        removed: cleanups.reduce((n, c) => n + c.removed, 0),
        restored: cleanups.reduce((n, c) => n + c.restored, 0),
        kept: cleanups.flatMap((c) => c.kept),
        problems: cleanups.flatMap((c) => c.problems),
      }
    : undefined;
  return buildSummary(
    {
      runId: parts.map((p) => p.runId).join('+'),
      baseUrl: parts[0].baseUrl,
      level: parts[0].level,
      readOnly: parts[0].readOnly,
      // Routes not built yet pass the merged run only when every shard let them.
      ...(parts.every((p) => p.allowUnbuilt) ? { allowUnbuilt: true as const } : {}),
      mergedShards: parts.map((p) => p.shard ?? '1/1'),
      checks: parts.flatMap((p) => p.checks).sort((a, b) => a.id.localeCompare(b.id)),
      cleanup,
      harnessProblems: parts.flatMap((p) => p.harnessProblems),
      incomplete: mergeIncomplete(parts),
      matrix: mergeMatrices(parts.map((p) => p.matrix)),
      routeProofs: Object.assign({}, ...parts.map((p) => p.routeProofs ?? {})),
      stats: parts.every((p) => p.stats)
        ? {
            durationMs: Math.max(...parts.map((p) => p.stats!.durationMs)),
            requests: parts.reduce((n, p) => n + (p.stats!.requests ?? 0), 0),
            rateLimited: parts.reduce((n, p) => n + (p.stats!.rateLimited ?? 0), 0),
            transient: sumTransient(parts.map((p) => p.stats!.transient)),
            listingShapes: mergeListingShapes(parts.map((p) => p.stats!.listingShapes)),
            variants: mergeVariantStats(parts.map((p) => p.stats!.variants)),
          }
        : undefined,
    },
    allRoutes,
  );
}
