// Parses the `bucketkit conformance` command line; every option is checked here
// and rejected with a clear message.
import type { Level } from './config-types.ts';

export interface CliOptions {
  config?: string;
  level: Level;
  readOnly: boolean;
  reportDir: string;
  shard?: string;
  grep?: string;
  /** Planted faults for the embedded mock (no config only). */
  faults: string[];
  cleanup?: string;
  merge: string[];
  /** A baseline of known failures (an earlier summary.json or a list): only failures outside it fail the run. */
  baseline?: string;
  /** Print the selected checks instead of running them. */
  list: boolean;
  /** Playwright workers; undefined: as many as the deployment's latency calls for (pick-workers.ts). */
  workers?: number;
  /** Requests in flight at most (BUCKETKIT_CONCURRENCY). */
  concurrency: number;
  /** A ceiling on requests per second (BUCKETKIT_MAX_RPS), none by default. */
  maxRps?: number;
  /** Keep what failing checks used until --cleanup (off with --no-keep). */
  keep: boolean;
  /** A PEM file of extra CA certificates to trust (BUCKETKIT_CA). */
  ca?: string;
  /** Per-request timeout (BUCKETKIT_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** Where to write the deployment's learned profile (BUCKETKIT_LEARN), none by default. */
  learn?: string;
  /** Routes not built yet do not fail the run (BUCKETKIT_ALLOW_UNBUILT): only a broken rule does. */
  allowUnbuilt: boolean;
  help: boolean;
}

export const USAGE = `Usage: npx bucketkit conformance [options]

  --config FILE        JSON config of the deployment (default: BUCKETKIT_CONFIG; none starts the embedded mock)
  --level core|profile core checks only the seed's rules; profile the full contract (default: profile)
  --read-only          send no writing request at all
  --report-dir DIR     where reports go (default: reports/conformance)
  --shard i/n          run one part of the checks (merge the parts with --merge)
  --grep RE            only checks whose title path (route, id, @area, @level) matches, unanchored (e.g. @listing, LIST-)
  --list               print the checks a run would report, as "id | area | level | title | status", and run nothing
  --baseline FILE      known failures (an earlier summary.json or {"known": [...]}): only new failures exit 1
  --learn FILE         write the deployment's observed choices as a profile (bucketkit mock --profile FILE plays it)
  --allow-unbuilt      routes not built yet (answered 404/405/501 at their documented path) do not fail the run:
                       while a server is being built, only a broken rule exits non-zero (default: exit 4, NOT BUILT YET)
  --fault NAME         plant a fault in the embedded mock (repeatable; for the self-test)
  --concurrency N      requests in flight at most (default: 16)
  --max-rps N          send at most N requests per second (default: no ceiling; 429s are waited out anyway)
  --ca FILE            trust the CA certificates in this PEM file too (a private TLS deployment)
  --no-keep            remove what failing checks used at the end (default: kept until --cleanup, so curl lines reproduce)
  --workers N          Playwright workers running the checks (default: by the deployment's latency and window, 4 to 16)
  --cleanup LEDGER     remove what a crashed run left (needs the same config and keys)
  --merge DIR...       merge the report dirs of every shard of one run into --report-dir: the run's summary.json,
                       summary.md and conformance-results.json, judged again as a whole, the matrix
                       (authorization-matrix.md, authorization-matrix.txt, authorization-matrix.html), and
                       Playwright's merged html/ and junit.xml
`;

export class UsageError extends Error {}

/** Requests in flight at most, by default: enough to hide a slow deployment's latency, few enough to be polite. */
export const DEFAULT_CONCURRENCY = 16;

/**
 * Playwright workers of a run started without the CLI (which picks them from the deployment's latency): checks mostly
 * wait on the deployment, so more than the cores keep a slow one busy.
 */
export const DEFAULT_WORKERS = 8;

// A switch a CI system sets must never be misread: "yes" taken as off would let a read-only job write.
function envSwitch(name: string, raw: string | undefined): boolean {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', '0', 'false', 'no', 'off'].includes(value)) return false;
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  throw new UsageError(`${name} must be 1/true/yes/on or 0/false/no/off, got "${raw}".`);
}

/** Parses argv (without node and the script); env supplies defaults. */
export function parseArgs(argv: string[], env: NodeJS.ProcessEnv): CliOptions {
  const options: CliOptions = {
    level: (env.BUCKETKIT_LEVEL as Level | undefined) ?? 'profile',
    readOnly: envSwitch('BUCKETKIT_READ_ONLY', env.BUCKETKIT_READ_ONLY),
    reportDir: env.BUCKETKIT_REPORT_DIR ?? 'reports/conformance',
    // An empty variable (a CI input left blank) is unset.
    shard: env.BUCKETKIT_SHARD || undefined,
    grep: env.BUCKETKIT_GREP || undefined,
    // An empty variable (a CI input left blank) means no baseline.
    baseline: env.BUCKETKIT_BASELINE || undefined,
    learn: env.BUCKETKIT_LEARN || undefined,
    faults: [],
    merge: [],
    list: false,
    workers: env.BUCKETKIT_WORKERS ? Number(env.BUCKETKIT_WORKERS) : undefined,
    concurrency: Number(env.BUCKETKIT_CONCURRENCY ?? DEFAULT_CONCURRENCY),
    maxRps: env.BUCKETKIT_MAX_RPS ? Number(env.BUCKETKIT_MAX_RPS) : undefined,
    keep: envSwitch('BUCKETKIT_KEEP', env.BUCKETKIT_KEEP ?? '1'),
    ca: env.BUCKETKIT_CA || undefined,
    requestTimeoutMs: Number(env.BUCKETKIT_REQUEST_TIMEOUT_MS ?? 15_000),
    allowUnbuilt: envSwitch('BUCKETKIT_ALLOW_UNBUILT', env.BUCKETKIT_ALLOW_UNBUILT),
    help: false,
  };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined || v.startsWith('--')) throw new UsageError(`${flag} needs a value.\n\n${USAGE}`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    switch (arg) {
      case '--config':
        options.config = value(i++, arg);
        break;
      case '--level':
        options.level = value(i++, arg) as Level;
        break;
      case '--read-only':
        options.readOnly = true;
        break;
      case '--list':
        options.list = true;
        break;
      case '--allow-unbuilt':
        options.allowUnbuilt = true;
        break;
      case '--report-dir':
        options.reportDir = value(i++, arg);
        break;
      case '--shard':
        options.shard = value(i++, arg);
        break;
      case '--grep':
        options.grep = value(i++, arg);
        break;
      case '--baseline':
        options.baseline = value(i++, arg);
        break;
      case '--learn':
        options.learn = value(i++, arg);
        break;
      case '--fault':
        options.faults.push(value(i++, arg));
        break;
      case '--workers':
        options.workers = Number(value(i++, arg));
        break;
      case '--concurrency':
        options.concurrency = Number(value(i++, arg));
        break;
      case '--max-rps':
        options.maxRps = Number(value(i++, arg));
        break;
      case '--no-keep':
        options.keep = false;
        break;
      case '--ca':
        options.ca = value(i++, arg);
        break;
      case '--cleanup':
        options.cleanup = value(i++, arg);
        break;
      case '--merge':
        while (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) options.merge.push(argv[++i]);
        if (options.merge.length === 0) throw new UsageError(`--merge needs at least one report dir.\n\n${USAGE}`);
        break;
      case '-h':
      case '--help':
        options.help = true;
        break;
      default:
        throw new UsageError(`Unknown option ${arg}.\n\n${USAGE}`);
    }
  }
  if (options.level !== 'core' && options.level !== 'profile')
    throw new UsageError(`--level must be core or profile (BUCKETKIT_LEVEL), got "${options.level}".`);
  if (options.shard !== undefined) {
    const m = /^(\d+)\/(\d+)$/.exec(options.shard);
    if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2]))
      throw new UsageError(`--shard must look like 1/3 (BUCKETKIT_SHARD), got "${options.shard}".`);
  }
  // A profile is learned from one whole run: a shard sends part of it, and the other commands send none.
  const noRun = options.list ? '--list' : options.merge.length ? '--merge' : options.cleanup ? '--cleanup' : options.shard ? '--shard' : '';
  if (options.learn !== undefined && noRun)
    throw new UsageError(`--learn (BUCKETKIT_LEARN) learns from a whole run; it cannot be combined with ${noRun}.`);
  if (options.grep !== undefined) {
    try {
      new RegExp(options.grep);
    } catch {
      throw new UsageError(`--grep must be a regular expression, got "${options.grep}".`);
    }
  }
  if (!Number.isInteger(options.requestTimeoutMs) || options.requestTimeoutMs < 100 || options.requestTimeoutMs > 600_000) {
    throw new UsageError(
      `BUCKETKIT_REQUEST_TIMEOUT_MS must be a whole number of milliseconds from 100 to 600000, got "${env.BUCKETKIT_REQUEST_TIMEOUT_MS}".`,
    );
  }
  if (options.workers !== undefined && (!Number.isInteger(options.workers) || options.workers < 1 || options.workers > 64))
    throw new UsageError(`--workers must be 1 to 64 (BUCKETKIT_WORKERS), got ${options.workers}.`);
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1 || options.concurrency > 64)
    throw new UsageError(`--concurrency must be 1 to 64 (BUCKETKIT_CONCURRENCY), got ${options.concurrency}.`);
  if (options.maxRps !== undefined && (!Number.isFinite(options.maxRps) || options.maxRps <= 0 || options.maxRps > 10_000))
    throw new UsageError(`--max-rps must be a number of requests per second above 0 (BUCKETKIT_MAX_RPS), got ${options.maxRps}.`);
  return options;
}
