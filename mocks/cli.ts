// `npm start`: serves the HTTP mock on 127.0.0.1:4010 and prints the banner
// (base URL, seeded ids, ready keys). Stops cleanly on SIGINT/SIGTERM.
import { parseArgs } from 'node:util';
import { startMockServer, type MockServer } from './http/start-mock-server.ts';
import { MAX_FILE_COUNT } from './world/generate-world.ts';
import type { Latency } from './core/latency.ts';

const HELP = `Usage: npm start -- [options]

  --port N        port to listen on (default 4010; 0 picks a free one)
  --host HOST     interface to bind (default 127.0.0.1)
  --seed N        world seed (default: the fixed seed; same seed, same ids and data)
  --files N       number of seeded files, 0 to ${MAX_FILE_COUNT} (default 300)
  --latency MS    delay every API answer by MS, or by a random MIN-MAX range (e.g. 100-400)
  --cors          answer CORS preflights and add Access-Control-* headers
  --allow-host H  also accept requests whose Host names H (repeatable; e.g. a name in /etc/hosts)
  --help          show this help
`;

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

function parseOptions(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      files: { type: 'string' },
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
  };
}

function banner(server: MockServer, readyMs: number): string {
  const { app } = server;
  const info = app.info();
  const names = new Map(app.world.buckets.map((b) => [b.id, b.name]));
  const lines = [
    `bucketkit mock: ${server.baseUrl}  (seed ${info.seed}, ${info.files} files, ready in ${readyMs} ms)`,
    ...info.workspaces.map((w) => `  workspace ${w.id} "${w.name}": ${w.buckets.map((b) => `${b} (${names.get(b)})`).join(', ')}`),
    '',
    'Keys this mock made for you (send as Authorization: Bearer <key>):',
    `  full access              ${app.presetKeys.full}`,
    `  read-only                ${app.presetKeys.readOnly}`,
    `  only bucket ${info.workspaces[0].buckets[0]}  ${app.presetKeys.oneBucket}`,
    '',
    `Control: POST ${server.origin}/__mock/keys | POST /__mock/reset | GET /__mock/info`,
    `Try:     curl -H "Authorization: Bearer $KEY" ${server.baseUrl}/workspaces`,
  ];
  return lines.join('\n');
}

async function main(): Promise<void> {
  let options: ReturnType<typeof parseOptions>;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${HELP}`);
    process.exit(2);
  }
  if (options.help) return void console.log(HELP);
  const { help: _help, ...serverOptions } = options;
  const server = await startMockServer(serverOptions);
  console.log(banner(server, Math.round(performance.now())));
  const stop = (signal: string) => {
    console.log(`\n${signal}: stopping the mock.`);
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
  console.error(`The mock could not start: ${(error as Error).message}`);
  process.exit(1);
});
