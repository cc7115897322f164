// The comparisons with Prism and a bare node:http server: throughput of the same three requests, and cold start.
import { listScopes } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { exampleOf, mintKey, pathOf, probeWorld, route, type Op } from './api.ts';
import { call, load, median, type LoadResult, type LoadSettings } from './measure.ts';
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

const NOTES: Record<ServerName, { ok: string; refused: string }> = {
  mock: {
    ok: 'seeded world, minted key limited to one bucket',
    refused: '403 insufficient_scope: a minted key with every scope but the route’s',
  },
  prism: { ok: 'spec example, Prism validation on', refused: '403 spec example via "Prefer: code=403" (Prism checks no scopes)' },
  bare: { ok: 'spec example, prebuilt string', refused: '403 spec example, prebuilt string' },
};

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
    const cases: Case[] = [
      {
        request: 'list workspaces',
        op: 'listWorkspaces',
        path: pathOf('listWorkspaces', {}),
        expected: route('listWorkspaces').successStatus,
        refused: false,
      },
      {
        request: 'list files (prefix, limit 100)',
        op: 'listFiles',
        path: files,
        expected: route('listFiles').successStatus,
        refused: false,
      },
      { request: 'refused (missing scope)', op: 'listFiles', path: files, expected: 403, refused: true },
    ];
    const all = listScopes(loadBundledSpec()).map((s) => s.scope);
    const granted = `Bearer ${await mintKey(mock, [route('listWorkspaces').scope, route('listFiles').scope], [world.ids.bucketId])}`;
    const refused = `Bearer ${await mintKey(
      mock,
      all.filter((s) => s !== route('listFiles').scope),
      [world.ids.bucketId],
    )}`;
    const bare = await startBare(
      cases.map((c) => ({
        key: `GET ${basePath}${c.path} ${c.refused ? PLACEHOLDER.refused : PLACEHOLDER.granted}`,
        status: c.expected,
        ...exampleOf(c.op, c.expected),
      })),
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
    const servers: [ServerName, Server, (c: Case) => Record<string, string>][] = [
      ['mock', mock, (c) => ({ authorization: c.refused ? refused : granted })],
      [
        'prism',
        prism,
        (c): Record<string, string> =>
          c.refused ? { authorization: PLACEHOLDER.refused, prefer: 'code=403' } : { authorization: PLACEHOLDER.granted },
      ],
      ['bare', bare, (c) => ({ authorization: c.refused ? PLACEHOLDER.refused : PLACEHOLDER.granted })],
    ];
    const rounds = new Map<string, LoadResult[]>();
    const notes = new Map<string, string>();
    for (let round = 0; round < settings.rounds; round++) {
      for (const c of cases) {
        for (const [name, server, headers] of servers) {
          const key = `${c.request}|${name}`;
          if (round === 0)
            notes.set(key, `${NOTES[name][c.refused ? 'refused' : 'ok']} (${await describe(server.apiBase + c.path, headers(c))})`);
          const result = await load(server.apiBase + c.path, headers(c), c.expected, {
            ...settings,
            warmupSec: round === 0 ? settings.warmupSec : 0,
          });
          rounds.set(key, [...(rounds.get(key) ?? []), result]);
        }
      }
    }
    return cases.flatMap((c) =>
      servers.map(([name]) => {
        const results = rounds.get(`${c.request}|${name}`)!;
        const statusCounts: Record<string, number> = {};
        for (const r of results) for (const [code, n] of Object.entries(r.statusCounts)) statusCounts[code] = (statusCounts[code] ?? 0) + n;
        const sum = (pick: (r: LoadResult) => number) => results.reduce((t, r) => t + pick(r), 0);
        return {
          request: c.request,
          server: name,
          expected: c.expected,
          note: notes.get(`${c.request}|${name}`)!,
          reqPerSec: median(results.map((r) => r.reqPerSec)),
          rounds: results.map((r) => r.reqPerSec),
          p50Ms: median(results.map((r) => r.p50Ms)),
          p99Ms: median(results.map((r) => r.p99Ms)),
          statusCounts,
          errors: sum((r) => r.errors),
          timeouts: sum((r) => r.timeouts),
          bytesPerResponse: sum((r) => r.bytesPerResponse) / results.length,
        };
      }),
    );
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
            throw new Error('the first GET /workspaces was not 200');
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
