// Builds BenchResults values for the bench's unit tests: a plausible run that each test then bends.
import type { BenchResults, LoadCaseName, LoadCell, ServerName } from '../bench/bench-results.ts';

/** One load cell with the given rate; everything else plausible. */
export function cell(server: ServerName, caseName: LoadCaseName, reqPerSec: number, overrides: Partial<LoadCell> = {}): LoadCell {
  const expectedStatus = caseName === 'refused-scope' ? 403 : 200;
  return {
    server,
    caseName,
    expectedStatus,
    reqPerSec,
    roundsReqPerSec: [reqPerSec],
    p50Ms: 1,
    p99Ms: 3,
    statusCounts: { [String(expectedStatus)]: reqPerSec * 2 },
    unexpected: 0,
    errors: 0,
    timeouts: 0,
    bytesPerResponse: 400,
    note: `${server} answer`,
    ...overrides,
  };
}

/** A run where every target is met: mock 6000 req/s, Prism 1000, bare 10000 on each request. */
export function passingResults(): BenchResults {
  const cases: LoadCaseName[] = ['list-workspaces', 'list-files-prefix', 'refused-scope'];
  return {
    mode: 'quick',
    machine: {
      cpuModel: 'Test CPU',
      cores: 2,
      nodeVersion: 'v20.20.2',
      platform: 'linux test',
      date: '2026-01-01T00:00:00Z',
      loadAverage: [0.1, 0.2, 0.3],
    },
    connections: 10,
    durationSec: 2,
    rounds: 1,
    warmupSec: 0.5,
    mockWorld: { seed: 'default', files: 'default' },
    commands: ['npm run bench -- --quick'],
    load: cases.flatMap((c) => [cell('mock', c, 6000), cell('prism', c, 1000), cell('bare', c, 10000)]),
    coldStarts: [{ label: 'mock', command: 'node_modules/.bin/tsx mocks/cli.ts', runsMs: [350], medianMs: 350, isStartCommand: true }],
    listing: [
      { files: 100_000, filter: 'prefix', value: 'docs/', samples: 200, itemsPerPage: 100, p50Ms: 1, p99Ms: 4 },
      { files: 100_000, filter: 'tag', value: 'legal', samples: 200, itemsPerPage: 100, p50Ms: 1, p99Ms: 5 },
    ],
    footprints: [{ files: 100_000, readyMs: 3000, rssMb: 250, peakRssMb: 260 }],
    conformance: { status: 'passed', wallMs: 20_000, command: 'npx bucketkit conformance', detail: 'Exit code 0.' },
    notes: [],
  };
}
