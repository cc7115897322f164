// The bench's process-side helpers that need no process: start-script parsing, /proc parsing, load bounds.
import { describe, expect, it } from 'vitest';
import { commandFromStartScript, mockLaunchCommands } from '../bench/cold-start.ts';
import { parseProcStatus } from '../bench/process-memory.ts';
import { checkLoadSettings, combineRounds, toLoadCell } from '../bench/load-driver.ts';
import { cell } from './bench-fixtures.ts';
import { declaredBin } from '../bench/conformance-timing.ts';
import { redactTokens } from '../bench/child-process.ts';
import type { AutocannonResult } from 'autocannon';

describe('the start command the cold start times', () => {
  const localBins = new Set(['tsx']);
  const has = (name: string) => localBins.has(name);

  it('runs a local binary from node_modules/.bin with the rest of the script as arguments', () => {
    expect(commandFromStartScript('tsx mocks/cli.ts', has)).toEqual({ executable: 'node_modules/.bin/tsx', words: ['mocks/cli.ts'] });
    expect(commandFromStartScript('node dist/cli.mjs --seed 1', has)).toEqual({
      executable: 'node',
      words: ['dist/cli.mjs', '--seed', '1'],
    });
  });

  it('refuses scripts that are not one plain command', () => {
    expect(commandFromStartScript('npm run build && node x.js', has)).toBeUndefined();
    expect(commandFromStartScript('PORT=1 node x.js', has)).toBeUndefined();
    expect(commandFromStartScript('ts-node x.ts', has)).toBeUndefined();
  });

  it('times the start command, primed once, and the TypeScript CLI as the unbundled reference', () => {
    const commands = mockLaunchCommands('node mocks/http/start.mjs');
    expect(commands.map((c) => [c.isStartCommand, c.prime, c.shown])).toEqual([
      [true, true, 'node mocks/http/start.mjs --host 127.0.0.1 --port <port>'],
      [false, true, 'node --import tsx mocks/cli.ts --host 127.0.0.1 --port <port>'],
    ]);
    expect(commands[0].args(4040)).toEqual(['mocks/http/start.mjs', '--host', '127.0.0.1', '--port', '4040']);
    expect(commands[1].args(4040)).toEqual(['--import', 'tsx', 'mocks/cli.ts', '--host', '127.0.0.1', '--port', '4040']);
  });

  it('keeps only the reference when there is no usable start script', () => {
    expect(mockLaunchCommands(undefined).map((c) => c.isStartCommand)).toEqual([false]);
    expect(mockLaunchCommands('npm run build && node x.js').map((c) => c.isStartCommand)).toEqual([false]);
  });
});

describe('process memory', () => {
  it('reads VmRSS and VmHWM from /proc status in MB', () => {
    expect(parseProcStatus('Name:\tnode\nVmHWM:\t  262144 kB\nVmRSS:\t  131072 kB\n')).toEqual({ rssMb: 128, peakRssMb: 256 });
    expect(() => parseProcStatus('Name:\tnode\n')).toThrow(/no VmRSS/);
  });
});

describe('load cells', () => {
  const result = (stats: Record<string, number>, errors = 0): AutocannonResult => ({
    requests: { average: 0, mean: 0, p50: 0, p99: 0, max: 0, total: 0, sent: 0 },
    latency: { average: 1, mean: 1, p50: 1, p99: 7, max: 9 },
    throughput: { average: 0, mean: 0, p50: 0, p99: 0, max: 0, total: 4000 },
    errors,
    timeouts: 0,
    non2xx: 0,
    duration: 2,
    statusCodeStats: Object.fromEntries(Object.entries(stats).map(([k, count]) => [k, { count }])),
  });
  const loadCase = { caseName: 'refused-scope' as const, path: '/x', headers: {}, expectedStatus: 403, note: 'n' };

  it('counts only the expected status as throughput and reports the rest', () => {
    const cell = toLoadCell('mock', loadCase, result({ 403: 30, 500: 10 }, 5), 'note');
    expect(cell).toMatchObject({
      reqPerSec: 15,
      unexpected: 10,
      errors: 5,
      p99Ms: 7,
      bytesPerResponse: 100,
      statusCounts: { 403: 30, 500: 10 },
    });
  });

  it('gives 0 req/s when the server never answered the expected status', () => {
    expect(toLoadCell('mock', loadCase, result({ 200: 40 }), 'note').reqPerSec).toBe(0);
  });

  it('reports the median round and keeps every status and error any round saw', () => {
    const merged = combineRounds([
      cell('mock', 'list-workspaces', 900, { p99Ms: 9, statusCounts: { 200: 1800 } }),
      cell('mock', 'list-workspaces', 1200, { p99Ms: 2, statusCounts: { 200: 2400, 500: 1 }, unexpected: 1, errors: 2 }),
      cell('mock', 'list-workspaces', 1000, { p99Ms: 3, statusCounts: { 200: 2000 } }),
    ]);
    expect(merged).toMatchObject({
      reqPerSec: 1000,
      roundsReqPerSec: [900, 1200, 1000],
      p99Ms: 3,
      statusCounts: { 200: 6200, 500: 1 },
      unexpected: 1,
      errors: 2,
    });
    expect(() => combineRounds([])).toThrow(/at least one round/);
  });

  it('refuses loads beyond 10 connections or 10 s per cell', () => {
    expect(() => checkLoadSettings({ connections: 11, durationSec: 1, warmupSec: 0 })).toThrow(/connections must be 1\.\.10/);
    expect(() => checkLoadSettings({ connections: 10, durationSec: 11, warmupSec: 0 })).toThrow(/durationSec must be 0\.\.10/);
    expect(() => checkLoadSettings({ connections: 10, durationSec: 10, warmupSec: 2 })).not.toThrow();
  });
});

describe('the conformance bin', () => {
  it('reads the bucketkit bin from package.json in either form', () => {
    expect(declaredBin({ bin: { bucketkit: 'conformance/cli/bin.ts' } })).toBe('conformance/cli/bin.ts');
    expect(declaredBin({ bin: 'cli.js' })).toBe('cli.js');
    expect(declaredBin({})).toBeUndefined();
  });
});

describe('output shown in errors', () => {
  it('masks bearer values and key-like tokens but keeps ordinary words and paths', () => {
    expect(redactTokens('curl -H "Authorization: Bearer abc123" x')).toBe('curl -H "Authorization: Bearer <redacted> x');
    expect(redactTokens('full access   bk_full_da3653acc68a10d07eb2ca6c')).toBe('full access   <redacted>');
    expect(redactTokens('listening on http://127.0.0.1:4010/api/v1 in mocks/http/start-mock-server.ts')).toBe(
      'listening on http://127.0.0.1:4010/api/v1 in mocks/http/start-mock-server.ts',
    );
  });
});
