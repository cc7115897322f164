// The shapes of everything one bench run measures; the report and the targets read only these.

export type ServerName = 'mock' | 'prism' | 'bare';
export type LoadCaseName = 'list-workspaces' | 'list-files-prefix' | 'refused-scope';

/** One server under one request's bounded load. */
export interface LoadCell {
  server: ServerName;
  caseName: LoadCaseName;
  /** The status counted as throughput for this server and request. */
  expectedStatus: number;
  /** Responses with the expected status per second (others never count); the median round. */
  reqPerSec: number;
  /** The counted req/s of each round, in order. */
  roundsReqPerSec: number[];
  p50Ms: number;
  p99Ms: number;
  /** Response count per status code. */
  statusCounts: Record<string, number>;
  /** Responses with another status than the expected one. */
  unexpected: number;
  errors: number;
  timeouts: number;
  /** Mean body + header bytes per response. */
  bytesPerResponse: number;
  /** What the server is asked and what it answers, e.g. "403 via Prefer: code=403". */
  note: string;
}

/** Spawn-to-first-authenticated-200 times of one launch command. */
export interface ColdStart {
  label: string;
  command: string;
  runsMs: number[];
  medianMs: number;
  /** True for the command `npm start` runs (the one the target applies to). */
  isStartCommand: boolean;
}

/** Sequential list latency and memory of the mock at one world size and filter. */
export interface ListingCell {
  files: number;
  filter: 'prefix' | 'tag';
  /** The filter value used (taken from the seeded world, not typed). */
  value: string;
  samples: number;
  itemsPerPage: number;
  p50Ms: number;
  p99Ms: number;
}

/** Memory and start-up of the mock process at one world size. */
export interface WorldFootprint {
  files: number;
  /** Spawn to listening, including seeding the world. */
  readyMs: number;
  /** Resident set after the listing requests. */
  rssMb: number;
  /** Peak resident set of the process (VmHWM). */
  peakRssMb: number;
}

export interface ConformanceTiming {
  status: 'passed' | 'failed' | 'not available' | 'skipped';
  wallMs?: number;
  command: string;
  detail: string;
}

/** Top self-time entries of a CPU profile. */
export interface ProfileEntry {
  functionName: string;
  location: string;
  selfMs: number;
  selfPercent: number;
}

export interface ProfileSummary {
  /** What load ran while the profile was taken. */
  load: string;
  totalMs: number;
  entries: ProfileEntry[];
  /** Share of self time per area (our code, node internals, dependencies, idle/GC). */
  byArea: { area: string; percent: number }[];
}

export interface MachineFacts {
  cpuModel: string;
  cores: number;
  nodeVersion: string;
  platform: string;
  date: string;
  loadAverage: [number, number, number];
}

export interface BenchResults {
  mode: 'quick' | 'full';
  machine: MachineFacts;
  connections: number;
  durationSec: number;
  rounds: number;
  warmupSec: number;
  mockWorld: { seed: number | 'default'; files: number | 'default' };
  commands: string[];
  load: LoadCell[];
  coldStarts: ColdStart[];
  listing: ListingCell[];
  footprints: WorldFootprint[];
  conformance: ConformanceTiming;
  profile?: ProfileSummary;
  /** Things that did not run, with why. */
  notes: string[];
}
