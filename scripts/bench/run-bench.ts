// `npm run bench`: reads the options, runs the chosen parts in one process (so ratios compare) and writes the report.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, platform, release } from 'node:os';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { findFreePort, prismArgs } from '../../mocks/prism/start-prism.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { listScopes } from '../../openapi/contract/route-table.ts';
import * as m from './measure.ts';
import { deploymentRows } from './deployments.ts';
import { compositionsRow } from './compositions.ts';
import { testPartRows } from './test-parts.ts';
import { evaluateTargets, renderReport, REQUESTS, type BenchResults, type ServerName } from './report.ts';

const PARTS = [
  'throughput',
  'cold-start',
  'worlds',
  'stall',
  'soak',
  'conformance',
  'deployments',
  'compositions',
  'selftest',
  'tests',
] as const;
/** How hard each mode works: load rounds and their seconds, cold starts per command, list samples, stall repeats. */
const EFFORT = {
  quick: { durationSec: 2, warmupSec: 0.5, rounds: 1, coldStartRuns: 1, listSamples: 200, stallRepeats: 1 },
  full: { durationSec: 3, warmupSec: 2, rounds: 3, coldStartRuns: 5, listSamples: 1000, stallRepeats: 3 },
};

export const USAGE = `Usage: npm run bench -- [options]
  --quick            one 2 s round per load, 1 cold start each, 200 list samples, worlds of 10k and 100k files, no suite
  --files LIST       world sizes for listing, memory and scale (default 10000,100000,500000; --quick 10000,100000)
  --soak SECONDS     soak the mock this long, 30..3600; 0 skips it (default 180 in a full run, off in --quick)
  --selftest         also time the conformance self-test (minutes)
  --tests            also time every step of npm test, alone, wall and CPU (about 10 minutes; nothing else should run)
  --only LIST        run only these parts: ${PARTS.join(', ')}
A full run writes BENCHMARKS.md; --quick, --only and --files write reports/bench/BENCHMARKS.md and never the tracked file.
Exit code 0 when every part ran (missed targets are reported, not failed), 1 when a part crashed or timed out, 2 on a bad option.`;

function whole(flag: string, raw: string, min: number, max: number): number {
  if (/^\d+$/.test(raw) && +raw >= min && +raw <= max) return +raw;
  throw new Error(`--${flag} must be a whole number from ${min} to ${max}, got "${raw}"`);
}

/** Reads the options into a plan (what one run does, and how hard) or 'help'; throws an Error that names the bad option and the fix. */
export function parseBenchArgs(argv: string[], env: Record<string, string | undefined> = {}) {
  const [flag, text] = [{ type: 'boolean' }, { type: 'string' }] as const;
  const options = { quick: flag, files: text, soak: text, selftest: flag, tests: flag, only: text, help: flag };
  const { values: v } = parseArgs({ args: argv, options });
  if (v.help) return 'help';
  // `npm run bench --quick` (without --) reaches the script as npm_config_quick.
  const mode: 'quick' | 'full' = v.quick || env.npm_config_quick === 'true' ? 'quick' : 'full';
  const soakSec = v.soak === undefined ? (mode === 'quick' ? 0 : 180) : v.soak === '0' ? 0 : whole('soak', v.soak, 30, 3600);
  const only = v.only?.split(',').map((p) => p.trim());
  const unknown = only?.filter((p) => !PARTS.some((part) => part === p));
  if (unknown?.length) throw new Error(`--only takes parts from ${PARTS.join(', ')}; got "${v.only}"`);
  const optIn: Record<string, boolean> = {
    soak: soakSec > 0,
    conformance: mode === 'full',
    deployments: mode === 'full',
    compositions: mode === 'full',
    selftest: v.selftest === true,
    tests: v.tests === true,
  };
  const parts = PARTS.filter((p) => (only ? only.includes(p) : (optIn[p] ?? true)));
  if (parts.includes('soak') && soakSec === 0) throw new Error('--only soak needs --soak SECONDS (30..3600)');
  const files = v.files?.split(',').map((f) => whole('files', f.trim(), 1, 10_000_000));
  const out = mode === 'quick' || only || files ? 'reports/bench/BENCHMARKS.md' : 'BENCHMARKS.md';
  const worldSizes = files ?? [10_000, 100_000, ...(mode === 'full' ? [500_000] : [])];
  // The big request's body is the mock's 1 MiB limit; only the smoke test asks for less.
  return { mode, parts, soakSec, out, files: worldSizes, stallBytes: 1 << 20, ...EFFORT[mode] };
}
export type Plan = Exclude<ReturnType<typeof parseBenchArgs>, 'help'>;

/** A trash request with as many distinct, well-formed ids as fit in `limit` bytes. */
export function bigTrashBody(limit: number): { fileIds: string[] } {
  // `{"fileIds":[]}` is 14 bytes; each id of 13 characters adds 16 with its quotes and comma, less the last comma.
  const count = Math.floor((limit - 13) / 16);
  return { fileIds: Array.from({ length: count }, (_, i) => `file_${i.toString(36).padStart(8, '0')}`) };
}

/** Prism and the bare server check no key: placeholders by the status they stand for, never real keys. */
const PLACEHOLDER = { 200: 'Bearer bench-granted-placeholder', 403: 'Bearer bench-refused-placeholder' };
const prismArgv = (port: number) => ['node_modules/.bin/prism', ...prismArgs({ document: 'openapi/dist/openapi.json', port })];
const PRISM_COMMAND = `node ${prismArgv(0).join(' ').replace('-p 0', '-p <port>')}`;
const auth = (key: string) => ({ authorization: `Bearer ${key}` });
const rss = (mock: m.Server) => m.procMemory(readFileSync(`/proc/${mock.proc.pid}/status`, 'utf8'));
const workspaces = m.pathOf('listWorkspaces', {});
const READ = m.route('listFiles').scope;
/** What each server answers, to a granted and to a refused request. */
const NOTES: Record<ServerName, [string, string]> = {
  mock: ['seeded world, minted key limited to one bucket', `403 insufficient_scope: a minted key with every scope but ${READ}`],
  prism: ['spec example, Prism validation on', '403 spec example via "Prefer: code=403" (Prism checks no scopes)'],
  bare: ['spec example, prebuilt string', '403 spec example, prebuilt string'],
};

/** A real Prism 5 static mock of the bundled spec (as mocks/prism runs it), ready at its first 200. */
async function startPrism(): Promise<m.Server> {
  const [port, headers] = [await findFreePort(), { authorization: PLACEHOLDER[200] }];
  const origin = `http://127.0.0.1:${port}`;
  const ok = async () => ((await m.call(origin + workspaces, { headers, timeoutMs: 2_000 })).status === 200 ? origin : '');
  return { ...(await m.startServer('Prism', prismArgv(port), ok)), command: PRISM_COMMAND };
}

type World = Awaited<ReturnType<typeof m.probeWorld>>;

/** Starts the mock (`--files` if given), reads its world and runs `body`; an error says how the mock died if it did; the mock is always stopped. */
async function withMock(r: BenchResults, why: string, files: number | undefined, body: (mock: m.Server, world: World) => Promise<void>) {
  const args = m.mockArgs(files);
  r.commands.push(`node ${args.join(' ')}  (${why})`);
  const mock = await m.startMock(args);
  try {
    await body(mock, await m.probeWorld(mock));
  } catch (error) {
    await Promise.race([mock.proc.exit, sleep(500)]); // A crash reaches a client as "socket hang up" before its exit is seen.
    const died = mock.proc.ended && `the mock ${mock.proc.ended}: ${m.explain(mock.proc.err)}`;
    throw new Error(died || (error as Error).message, { cause: error });
  } finally {
    await mock.proc.stop();
  }
}

/** Mock, Prism and bare under the same bounded load, in interleaved rounds so a slow minute hits all three alike. */
async function throughput(plan: Plan, r: BenchResults): Promise<void> {
  const started: m.Server[] = [];
  const prism = startPrism().then((p) => (started.push(p), p));
  prism.catch(() => undefined); // Awaited below; this only keeps an early failure from going unhandled.
  await withMock(r, 'throughput: the mock', undefined, async (mock, world) => {
    const [base, bucket] = [specBasePath(loadBundledSpec()), [world.ids.bucketId]];
    const files = m.pathOf('listFiles', world.ids, { prefix: world.prefix, limit: 100 });
    const cases = [
      { request: REQUESTS.workspaces, op: 'listWorkspaces', path: workspaces, expected: 200 },
      { request: REQUESTS.files, op: 'listFiles', path: files, expected: 200 },
      { request: REQUESTS.refused, op: 'listFiles', path: files, expected: 403 },
    ] as const;
    const canned = cases.map((c) => [
      `GET ${base}${c.path} ${PLACEHOLDER[c.expected]}`,
      { status: c.expected, ...m.exampleOf(c.op, c.expected) },
    ]);
    const env = { BENCH_BARE_ANSWERS: JSON.stringify(Object.fromEntries(canned)) };
    const bare = await m.startServer('the bare server', ['scripts/bench/bare-server.mjs'], /^listening (http:\/\/\S+)/m, 30_000, env);
    started.push(bare);
    r.commands.push(`${bare.command}  (throughput: bare node:http)`, `${PRISM_COMMAND}  (throughput: Prism)`);
    const allButRead = listScopes(loadBundledSpec()).flatMap((s) => (s.scope === READ ? [] : [s.scope]));
    const keys = {
      200: await m.mintKey(mock, m.scopesOf('listWorkspaces', 'listFiles'), bucket),
      403: await m.mintKey(mock, allButRead, bucket),
    };
    // What each server is sent for a granted (200) and a refused (403) request: the mock real keys, the others placeholders.
    const headers = (server: ServerName, expected: 200 | 403): Record<string, string> => {
      if (server === 'mock') return auth(keys[expected]);
      return { authorization: PLACEHOLDER[expected], ...(server === 'prism' && expected === 403 && { prefer: 'code=403' }) };
    };
    const at: Record<ServerName, string> = { mock: mock.apiBase, prism: (await prism).apiBase, bare: bare.origin + base };
    const rows = cases.flatMap((c) =>
      (['mock', 'prism', 'bare'] as const).map((server) => ({ ...c, server, note: '', all: [] as m.LoadResult[] })),
    );
    for (let round = 0; round < plan.rounds; round++)
      for (const row of rows) {
        const [url, sent] = [at[row.server] + row.path, headers(row.server, row.expected)];
        if (round === 0) {
          const answer = await m.call(url, { headers: sent });
          const { data } = JSON.parse(answer.body) as { data?: unknown[] };
          const items = data ? `, ${data.length} item${data.length === 1 ? '' : 's'}` : '';
          row.note = `${NOTES[row.server][row.expected === 403 ? 1 : 0]} (${answer.status}${items})`;
        }
        row.all.push(await m.load(url, sent, row.expected, plan.durationSec, round === 0 ? plan.warmupSec : 0));
      }
    for (const { request, server, expected, note, all } of rows)
      r.load.push({ ...m.combineRounds(all), request, server, expected, note, rounds: all.map((x) => x.reqPerSec) });
  }).finally(() => prism.catch(() => undefined).then(() => Promise.all(started.map((s) => s.proc.stop()))));
}

/** Spawn to first authenticated 200 of `npm start`, the CLI from TypeScript (reference) and Prism; each started once unmeasured first. */
async function coldStart(plan: Plan, r: BenchResults): Promise<void> {
  const first200 = async (mock: m.Server) => {
    const key = await m.mintKey(mock, m.scopesOf('listWorkspaces'), null);
    const { status } = await m.call(mock.apiBase + workspaces, { headers: auth(key) });
    if (status !== 200) throw new Error(`the first listWorkspaces answered ${status}`);
  };
  const starts = [
    { label: 'mock (npm start)', args: m.mockArgs() },
    { label: 'mock CLI from TypeScript (reference)', args: m.mockArgs(undefined, ['--import', 'tsx', 'mocks/cli.ts']) },
    { label: 'Prism 5', args: undefined }, // Prism is ready at its first 200.
  ];
  for (const { label, args } of starts) {
    const row: BenchResults['coldStarts'][number] = { label, command: args ? `node ${args.join(' ')}` : PRISM_COMMAND, runsMs: [] };
    r.coldStarts.push(row);
    r.commands.push(`${row.command}  (cold start: ${label})`);
    try {
      for (let i = -1; i < plan.coldStartRuns; i++) {
        const t0 = performance.now();
        const server = args ? await m.startMock(args) : await startPrism();
        try {
          if (args) await first200(server);
          if (i >= 0) row.runsMs.push(performance.now() - t0);
        } finally {
          await server.proc.stop();
        }
      }
    } catch (error) {
      row.error = m.redact((error as Error).message);
    }
  }
}

/** One mock per world size: ready time, prefix and tag listing latency, RSS, then reset time. A crash is a row, not a throw. */
async function worlds(plan: Plan, r: BenchResults): Promise<void> {
  for (const files of plan.files) {
    const row: BenchResults['worlds'][number] = { files, listing: [] };
    r.worlds.push(row);
    await withMock(r, 'listing, memory, ready and reset', files, async (mock, world) => {
      row.readyMs = mock.readyMs;
      const headers = auth(await m.mintKey(mock, m.scopesOf('listFiles'), [world.ids.bucketId]));
      for (const [filter, value] of [['prefix', world.prefix] as const, ['tag', world.tag] as const]) {
        const url = mock.apiBase + m.pathOf('listFiles', world.ids, { [filter]: value, limit: 100 });
        row.listing.push({ filter, value, samples: plan.listSamples, ...(await m.sequential(url, headers, plan.listSamples)) });
      }
      Object.assign(row, rss(mock));
      row.resetMs = (await m.control(mock, '/__mock/reset', 200, {})).ms;
    }).catch((error: Error) => (row.error = m.redact(error.message)));
  }
}

/** The longest event-loop block while one request carries a ~1 MiB body, seen by a probe that GETs every 10 ms meanwhile. */
async function stall(plan: Plan, r: BenchResults): Promise<void> {
  await withMock(r, 'stall: one 1 MiB trash request, a GET probe every 10 ms', undefined, async (mock, world) => {
    const probe = auth(await m.mintKey(mock, m.scopesOf('listWorkspaces'), null));
    const key = await m.mintKey(mock, m.scopesOf('trashFiles'), [world.ids.bucketId]);
    const body = bigTrashBody(plan.stallBytes);
    const [ids, bytes, repeats] = [body.fileIds.length, JSON.stringify(body).length, plan.stallRepeats];
    const s = { ids, bytes, repeats, status: 0, requestMs: 0, maxGapMs: 0, answers: 0, failures: 0 };
    for (let i = 0; i < repeats; i++) {
      const trash = () => m.callOp(mock, 'trashFiles', world.ids, key, { body, timeoutMs: 120_000 });
      const { result, ...seen } = await m.probeDuring(mock.apiBase + workspaces, probe, trash);
      if (result.status < 400 || result.status >= 500) throw new Error(`a trash request of ${ids} made-up ids answered ${result.status}`);
      s.status = result.status;
      s.requestMs = Math.max(s.requestMs, result.ms);
      s.maxGapMs = Math.max(s.maxGapMs, seen.maxGapMs);
      s.answers += seen.answers;
      s.failures += seen.failures;
    }
    r.stall = s;
  });
}

/** Mixed requests on 4 keep-alive connections to one mock; RSS sampled, its slope fitted after a warm-up of a third (at most 60 s). */
async function soak(plan: Plan, r: BenchResults): Promise<void> {
  await withMock(r, `soak: ${plan.soakSec} s of mixed requests`, undefined, async (mock, world) => {
    const ops = ['listFiles', 'presignDownload', 'updateFile', 'presignUpload', 'trashFiles', 'updateTrash'] as const;
    const [ids, key] = [world.ids, await m.mintKey(mock, m.scopesOf(...ops), [world.ids.bucketId])];
    const answers: Record<string, number> = {};
    const count = (status: number | string) => void (answers[status] = (answers[status] ?? 0) + 1);
    const send = async (answer: Promise<{ status: number }>) => count((await answer).status);
    // Keep-alive: a soak of new connections would run out of loopback ports (TIME_WAIT) before it found a leak.
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    const upload = async (path: string) => {
      const body = { path, contentType: 'text/plain', size: 1024 };
      const { url, method, headers, fileId } = await m.callOk(mock, 'presignUpload', ids, key, { body, agent });
      count(m.route('presignUpload').successStatus);
      await send(m.call(url, { method, headers: headers as Record<string, string>, body: Buffer.alloc(1024, 97), agent }));
      await send(m.callOp(mock, 'trashFiles', ids, key, { body: { fileIds: [fileId] }, agent }));
      await send(m.callOp(mock, 'updateTrash', ids, key, { body: { purge: [fileId] }, agent }));
    };
    const deadline = performance.now() + plan.soakSec * 1000;
    const worker = async (w: number) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const fileId = world.fileIds[(w * 7919 + n) % world.fileIds.length];
        const step = [
          () => send(m.callOp(mock, 'listFiles', ids, key, { query: { limit: 100 }, agent })),
          () => send(m.callOp(mock, 'presignDownload', ids, key, { body: { fileId, disposition: 'attachment' }, agent })),
          () => send(m.callOp(mock, 'updateFile', { ...ids, fileId }, key, { body: { tags: ['bench', `soak-${n % 5}`] }, agent })),
          () => upload(`bench-soak/w${w}-${n}.txt`),
        ][n % 4];
        await step().catch(() => count('error'));
        if (mock.proc.ended) throw new Error('the mock ended during the soak');
      }
    };
    const [samples, t0] = [[] as { tSec: number; rssMb: number }[], performance.now()];
    const sample = () => samples.push({ tSec: (performance.now() - t0) / 1000, rssMb: rss(mock).rssMb });
    const sampler = setInterval(sample, Math.min(5, plan.soakSec / 10) * 1000);
    sample();
    await Promise.all([0, 1, 2, 3].map(worker)).finally(() => (clearInterval(sampler), agent.destroy()));
    sample();
    const warmupSec = Math.min(60, plan.soakSec / 3);
    const { slope, stderr } = m.fitSlope(samples.filter((s) => s.tSec >= warmupSec).map((s) => ({ x: s.tSec / 60, y: s.rssMb })));
    r.soak = { seconds: plan.soakSec, warmupSec, samples, slope, stderr, answers };
  });
}

/** Each part by name: it adds its figures and commands to the results, and throws only when it could not measure at all. */
const MEASURE: Record<(typeof PARTS)[number], (plan: Plan, r: BenchResults) => Promise<unknown>> = {
  ...{ throughput, 'cold-start': coldStart, worlds, stall, soak },
  conformance: async (_, r) => (r.conformance = await m.runToEnd('npx', ['bucketkit', 'conformance'], 180_000)),
  selftest: async (_, r) => (r.selftest = await m.runToEnd('npx', ['tsx', 'conformance/selftest/selftest.ts'], 1_200_000)),
  tests: async (_, r) => (r.tests = await testPartRows((line) => console.log(line))),
  deployments: async (_, r) => (r.deployments = await deploymentRows((line) => console.log(line))),
  compositions: async (_, r) => (r.compositions = await compositionsRow((line) => console.log(line))),
};

/** Runs the plan's parts in order, telling `log` each part's time; a part that throws becomes a failure of the results, never an exception. */
export async function runBench(plan: Plan, argv: string[] = [], log: (line: string) => void = () => {}): Promise<BenchResults> {
  const [load, cores] = [loadavg(), cpus()];
  const effort = `${plan.rounds} round(s) of ${plan.durationSec} s per server and request (after ${plan.warmupSec} s warm-up)`;
  const r: BenchResults = {
    ...{ mode: plan.mode, load: [], coldStarts: [], worlds: [], failures: [], notes: [] },
    machine: [
      ['Date', new Date().toISOString().slice(0, 19) + 'Z'],
      ['CPU', `${cores.length} cores, ${cores[0]?.model.trim()}`],
      ['Node', process.version],
      ['Platform', `${platform()} ${release()}`],
      ['Load average at start (1/5/15 min)', load.map((l) => l.toFixed(2)).join(' / ')],
      ['Settings', `${plan.mode}: 10 connections, ${effort}; ${plan.listSamples} list samples`],
    ],
    commands: [
      `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
      `autocannon({ url, headers, connections: 10, duration: ${plan.durationSec}, timeout: 5 }) per server, request and round`,
    ],
  };
  const busy = `The machine was busy when the run started (1-minute load average ${load[0].toFixed(2)} on ${cores.length} cores)`;
  if (load[0] >= 1) r.notes.push(`${busy}: every number is noisier and slower than on a quiet machine.`);
  // Builds the bundle `npm start` runs if a source is newer (as `npm run mock:build` does), so no timed start pays for it.
  const build = await m.runToEnd(process.execPath, ['mocks/http/start.mjs', '--help'], 120_000);
  if (build.code !== 0) r.failures.push({ part: 'mock build', error: `exit ${build.code}: ${build.lastLine}` });
  for (const part of plan.parts) {
    const t0 = performance.now();
    log(`${part}…`);
    const error = await MEASURE[part](plan, r)
      .then(() => '')
      .catch((e: Error) => m.redact(e.message));
    if (error) r.failures.push({ part, error });
    log(`${part}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s${error && ` (failed: ${error})`}`);
  }
  return r;
}

async function main(argv: string[]): Promise<number> {
  let plan: Plan | 'help';
  try {
    plan = parseBenchArgs(argv, process.env);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (plan === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  m.installExitGuard();
  const t0 = performance.now();
  const results = await runBench(plan, argv, (line) => process.stdout.write(`${line}\n`));
  const [tracked, out, json] = ['BENCHMARKS.md', plan.out, 'reports/bench/bench-run.json'].map((f) => resolve(m.repoRoot, f));
  // The findings that end the tracked report are written by hand: every run carries them over.
  const findings = existsSync(tracked) ? (/^## Findings[\s\S]*/m.exec(readFileSync(tracked, 'utf8'))?.[0] ?? '') : '';
  mkdirSync(dirname(json), { recursive: true });
  writeFileSync(json, JSON.stringify(results, null, 2));
  writeFileSync(out, renderReport(results, findings));
  for (const t of evaluateTargets(results)) process.stdout.write(`${t.verdict.padEnd(12)} ${t.target}: ${t.measured}\n`);
  process.stdout.write(`Written to ${plan.out} after ${((performance.now() - t0) / 1000).toFixed(0)} s.\n`);
  return results.failures.length || results.worlds.some((w) => w.error) || results.coldStarts.some((c) => c.error) ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(await main(process.argv.slice(2)));
