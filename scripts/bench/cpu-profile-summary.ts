// Summarises a V8 .cpuprofile: self time per function and per area (our code, Node, dependencies, GC).
import type { ProfileEntry, ProfileSummary } from './bench-results.ts';

/** The parts of the .cpuprofile format (Chrome DevTools protocol `Profile`) that are read. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  samples: number[];
  timeDeltas: number[];
}

const PROJECT_DIRS = ['mocks/', 'openapi/', 'conformance/', 'scripts/'];

/** A short, machine-independent location: `mocks/x.ts:12`, `node:http`, `ajv/dist/…`. */
export function shortLocation(url: string, lineNumber: number): string {
  if (url === '') return '(native)';
  // Line 0 is what transpiled (tsx) modules report for every function: no information.
  const line = lineNumber > 0 ? `:${lineNumber + 1}` : '';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) return url.slice(nm + '/node_modules/'.length) + line;
  if (url.startsWith('node:')) return url;
  for (const dir of PROJECT_DIRS) {
    const at = url.lastIndexOf(`/${dir}`);
    if (at >= 0) return url.slice(at + 1) + line;
  }
  return url.replace(/^.*\//, '') + line;
}

/** Which area a function's self time belongs to. */
export function areaOf(functionName: string, url: string): string {
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (functionName === '(program)') return 'V8 / native (program)';
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return `dependency ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return 'Node core (http, streams, net)';
  if (url === '') return 'native builtins (JSON, strings, regexps)';
  for (const dir of PROJECT_DIRS) if (url.includes(`/${dir}`)) return `our code (${dir})`;
  return 'other';
}

/** Self time per function (top `limit`, idle excluded) and per area, as shares of busy time. */
export function summariseProfile(profile: CpuProfile, load: string, limit = 15): ProfileSummary {
  if (profile.samples.length !== profile.timeDeltas.length)
    throw new Error('Malformed .cpuprofile: samples and timeDeltas differ in length');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  // timeDeltas[i] is the time before sample i; attributing it to sample i is V8's own convention.
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, profile.timeDeltas[i])));

  const byFunction = new Map<string, { functionName: string; location: string; us: number }>();
  const byArea = new Map<string, number>();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const frame = nodes.get(id)?.callFrame;
    if (!frame) continue;
    const area = areaOf(frame.functionName, frame.url);
    if (area === 'idle') continue;
    busyUs += us;
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    const location = shortLocation(frame.url, frame.lineNumber);
    const functionName = frame.functionName || '(anonymous)';
    const key = `${functionName}@${location}`;
    const entry = byFunction.get(key) ?? { functionName, location, us: 0 };
    entry.us += us;
    byFunction.set(key, entry);
  }
  const share = (us: number) => (busyUs > 0 ? (us / busyUs) * 100 : 0);
  const entries: ProfileEntry[] = [...byFunction.values()]
    .sort((a, b) => b.us - a.us)
    .slice(0, limit)
    .map((e) => ({ functionName: e.functionName, location: e.location, selfMs: e.us / 1000, selfPercent: share(e.us) }));
  return {
    load,
    totalMs: busyUs / 1000,
    entries,
    byArea: [...byArea.entries()].sort((a, b) => b[1] - a[1]).map(([area, us]) => ({ area, percent: share(us) })),
  };
}
