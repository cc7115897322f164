// The flags of `bucketkit mock` (`npm start` in the kit's checkout): parsed and
// checked where they enter, each bad value refused with a message naming it.
import { parseArgs } from 'node:util';
import { MAX_FILE_COUNT } from '../world/generate-world.ts';
import type { Latency } from '../core/latency.ts';

/** How the mock was started, for its usage line: `bucketkit mock` (set by the kit's launchers), else the checkout's own. */
export function invokedAs(env: NodeJS.ProcessEnv = process.env): string {
  return env.BUCKETKIT_INVOKED_AS?.trim() || 'npx tsx mocks/cli.ts';
}

/** The help text, with the command as it was invoked. */
export function helpText(command = invokedAs()): string {
  return `Usage: ${command} [options]

  --port N          port to listen on (default 4010; 0 picks a free one)
  --host HOST       interface to bind (default 127.0.0.1)
  --seed N          world seed (default: the fixed seed; same seed, same ids and data)
  --files N         number of seeded files, 0 to ${MAX_FILE_COUNT} (default 300)
  --fixtures FILE   workspaces, buckets, files and keys of your own: JSON, or a .js/.ts module exporting them
  --profile FILE    a deployment's profile (what the conformance suite learned from it), played back
  --coverage FILE   on exit, write the contract coverage of the requests served: FILE (JSON) and a Markdown next to it
  --write-config FILE
                    write the conformance suite's config for this mock to FILE (its workspace, buckets and every
                    key with its scopes and buckets; tokens only as env vars) and print the lines that export them
  --latency MS      delay every API answer by MS, or by a random MIN-MAX range (e.g. 100-400)
  --cors            answer CORS preflights and add Access-Control-* headers
  --allow-host H    also accept requests whose Host names H (repeatable; e.g. a name in /etc/hosts)
  --help            show this help
`;
}

function integer(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max)
    throw new Error(`--${name} must be an integer from ${min} to ${max}, got "${raw}".`);
  return Number(raw);
}

function latency(raw: string | undefined): Latency | undefined {
  if (raw === undefined) return undefined;
  const match = /^(\d+)(?:-(\d+))?$/.exec(raw);
  if (
    !match ||
    Number(match[1]) > 60_000 ||
    (match[2] !== undefined && (Number(match[2]) > 60_000 || Number(match[2]) < Number(match[1])))
  ) {
    throw new Error(`--latency must be milliseconds (0-60000) or a MIN-MAX range, got "${raw}".`);
  }
  return match[2] === undefined ? Number(match[1]) : [Number(match[1]), Number(match[2])];
}

// A host name as HTTP's Host header carries it, without a port.
function allowedHosts(names: string[]): string[] {
  const bad = names.find((name) => !/^[A-Za-z0-9.-]{1,253}$/.test(name));
  if (bad !== undefined) throw new Error(`--allow-host must be a host name such as mock.local, got "${bad}".`);
  return names;
}

function file(name: string, raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.trim() === '') throw new Error(`--${name} needs a file path.`);
  return raw;
}

export interface CliOptions {
  help: boolean;
  port: number;
  host: string;
  seed?: number;
  files?: number;
  latencyMs?: Latency;
  cors: boolean;
  allowedHosts: string[];
  fixturesFile?: string;
  profileFile?: string;
  coverageFile?: string;
  configFile?: string;
}

/** Parses the command line; throws an Error naming the bad flag or value. */
export function parseCliOptions(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      files: { type: 'string' },
      fixtures: { type: 'string' },
      profile: { type: 'string' },
      coverage: { type: 'string' },
      'write-config': { type: 'string' },
      latency: { type: 'string' },
      cors: { type: 'boolean' },
      'allow-host': { type: 'string', multiple: true },
      help: { type: 'boolean' },
    },
  });
  return {
    help: values.help === true,
    port: integer('port', values.port, 0, 65535) ?? 4010,
    host: values.host ?? '127.0.0.1',
    seed: integer('seed', values.seed, 0, Number.MAX_SAFE_INTEGER),
    files: integer('files', values.files, 0, MAX_FILE_COUNT),
    latencyMs: latency(values.latency),
    cors: values.cors === true,
    allowedHosts: allowedHosts(values['allow-host'] ?? []),
    fixturesFile: file('fixtures', values.fixtures),
    profileFile: file('profile', values.profile),
    coverageFile: file('coverage', values.coverage),
    configFile: file('write-config', values['write-config']),
  };
}
