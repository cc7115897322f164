// The comparisons with Prism and a bare node:http server: throughput of the same three requests, and cold start.
import { listScopes } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { exampleOf, mintKey, pathOf, probeWorld, route, type Op } from './api.ts';
import { call, combineRounds, load, type LoadResult, type LoadSettings } from './measure.ts';
import type { ColdStartRow, LoadRow, ServerName } from './results.ts';
import { answers200, prismCommand, startBare, startMock, startPrism, type Server } from './servers.ts';

/** Prism and the bare server check no key: placeholders, never real keys. */
const PLACEHOLDER = { granted: 'Bearer bench-granted-placeholder', refused: 'Bearer bench-refused-placeholder' } as const;

interface Case {
  request: string;
  op: Op;
  path: string;
  expected: number;
  refused: boolean;
}

/** What each server is asked and answers, for the table. */
function note(server: ServerName, refused: boolean): string {
  if (server === 'mock')
    return refused
      ? `403 insufficient_scope: a minted key with every scope but ${route('listFiles').scope}`
      : 'seeded world, minted key limited to one bucket';
  if (server === 'prism')
    return refused ? '403 spec example via "Prefer: code=403" (Prism checks no scopes)' : 'spec example, Prism validation on';
  return refused ? '403 spec example, prebuilt string' : 'spec example, prebuilt string';
}

/** How many items an answer lists, for the table's note. */
async function describe(url: string, headers: Record<string, string>): Promise<string> {
  const answer = await call(url, { headers });
  const data = (JSON.parse(answer.body) as { data?: unknown }).data;
  return Array.isArray(data) ? `${answer.status}, ${data.length} item${data.length === 1 ? '' : 's'}` : String(answer.status);
}

/** Mock, Prism and bare under the same bounded load, in interleaved rounds so a slow minute hits all three alike. */
export async function measureThroughput(
  settings: LoadSettings & { rounds: number; seed?: number },
  commands: string[],
): Promise<LoadRow[]> {
  const basePath = specBasePath(loadBundledSpec());
  const started: Server[] = [];
  const prismStart = startPrism((origin) => answers200(origin + pathOf('listWorkspaces', {}), { authorization: PLACEHOLDER.granted }));
  prismStart.catch(() => undefined); // Awaited below; this only keeps an early failure from going unhandled.
  try {
    const mock = await startMock({ seed: settings.seed });
    started.push(mock);
    const world = await probeWorld(mock);
    const files = pathOf('listFiles', world.ids, { prefix: world.prefix, limit: 100 });
    const ask = (request: string, op: Op, path: string, refused = false): Case => ({
      request,
      op,
      path,
      refused,
      expected: refused ? 403 : route(op).successStatus,
    });
    const cases = [
      ask('list workspaces', 'listWorkspaces', pathOf('listWorkspaces', {})),
      ask('list files (prefix, limit 100)', 'listFiles', files),
      ask('refused (missing scope)', 'listFiles', files, true),
    ];
    const everyScope = listScopes(loadBundledSpec()).map((s) => s.scope);
    const keys = {
      granted: `Bearer ${await mintKey(mock, [route('listWorkspaces').scope, route('listFiles').scope], [world.ids.bucketId])}`,
      refused: `Bearer ${await mintKey(
        mock,
        everyScope.filter((s) => s !== route('listFiles').scope),
        [world.ids.bucketId],
      )}`,
    };
    const placeholder = (c: Case) => PLACEHOLDER[c.refused ? 'refused' : 'granted'];
    const bare = await startBare(
      cases.map((c) => ({ key: `GET ${basePath}${c.path} ${placeholder(c)}`, status: c.expected, ...exampleOf(c.op, c.expected) })),
      basePath,
    );
    started.push(bare);
    const prism = await prismStart;
    started.push(prism);
    commands.push(
      `${mock.command}  (throughput: the mock)`,
      `${bare.command}  (throughput: bare node:http)`,
      `${prism.command}  (throughput: Prism)`,
    );
    const servers = { mock, prism, bare };
    const headers = (name: ServerName, c: Case): Record<string, string> =>
      name === 'mock'
        ? { authorization: keys[c.refused ? 'refused' : 'granted'] }
        : { authorization: placeholder(c), ...(name === 'prism' && c.refused ? { prefer: 'code=403' } : {}) };
    const rows = cases.flatMap((c) =>
      (['mock', 'prism', 'bare'] as const).map((name) => ({ c, name, notes: '', results: [] as LoadResult[] })),
    );
    for (let round = 0; round < settings.rounds; round++) {
      for (const row of rows) {
        const url = servers[row.name].apiBase + row.c.path;
        if (round === 0) row.notes = `${note(row.name, row.c.refused)} (${await describe(url, headers(row.name, row.c))})`;
        row.results.push(
          await load(url, headers(row.name, row.c), row.c.expected, { ...settings, warmupSec: round === 0 ? settings.warmupSec : 0 }),
        );
      }
    }
    return rows.map(({ c, name, notes, results }) => ({
      request: c.request,
      server: name,
      expected: c.expected,
      note: notes,
      rounds: results.map((r) => r.reqPerSec),
      ...combineRounds(results),
    }));
  } finally {
    const prism = await prismStart.catch(() => undefined);
    await Promise.all([...new Set([...started, ...(prism ? [prism] : [])])].map((s) => s.proc.stop()));
  }
}

/** Spawn to first authenticated 200 of `npm start`, the CLI from TypeScript (reference) and Prism; each mock primed once. */
export async function measureColdStarts(runs: number): Promise<ColdStartRow[]> {
  const rows: ColdStartRow[] = [];
  const mocks = [
    { label: 'mock (npm start)', entry: ['mocks/http/start.mjs'], isStartCommand: true },
    { label: 'mock CLI from TypeScript (reference)', entry: ['--import', 'tsx', 'mocks/cli.ts'], isStartCommand: false },
  ];
  for (const m of mocks) {
    const row: ColdStartRow = {
      label: m.label,
      command: `node ${m.entry.join(' ')} --host 127.0.0.1 --port 0`,
      runsMs: [],
      isStartCommand: m.isStartCommand,
    };
    try {
      for (let i = -1; i < runs; i++) {
        const t0 = performance.now();
        const mock = await startMock({ entry: m.entry });
        try {
          const key = await mintKey(mock, [route('listWorkspaces').scope], null);
          if (!(await answers200(mock.apiBase + pathOf('listWorkspaces', {}), { authorization: `Bearer ${key}` })))
            throw new Error(`the first ${route('listWorkspaces').method} ${route('listWorkspaces').pathTemplate} was not 200`);
          if (i >= 0) row.runsMs.push(performance.now() - t0);
        } finally {
          await mock.proc.stop();
        }
      }
    } catch (error) {
      row.error = (error as Error).message;
    }
    rows.push(row);
  }
  const prism: ColdStartRow = { label: 'Prism 5', command: prismCommand('<port>'), runsMs: [], isStartCommand: false };
  try {
    for (let i = 0; i < runs; i++) {
      const server = await startPrism((origin) =>
        answers200(origin + pathOf('listWorkspaces', {}), { authorization: PLACEHOLDER.granted }),
      );
      prism.runsMs.push(server.readyMs);
      await server.proc.stop();
    }
  } catch (error) {
    prism.error = (error as Error).message;
  }
  return [...rows, prism];
}
