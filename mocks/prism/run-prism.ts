// `npm run mock:prism`: builds openapi/dist/openapi.prism.json from the seeded
// world and serves it with a real Prism on 127.0.0.1:4011 until Ctrl-C.
import { parseArgs } from 'node:util';
import { DEFAULT_FILE_COUNT, DEFAULT_SEED, MAX_FILE_COUNT } from '../world/generate-world.ts';
import { writePrismDocument } from './write-prism-document.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';
import { startPrism } from './start-prism.ts';

// The kit's launcher names the command as it was invoked (`bucketkit prism`); in the checkout it is the npm script.
const HELP = `Usage: ${process.env.BUCKETKIT_INVOKED_AS?.trim() || 'npm run mock:prism --'} [options]

  --port N        port for Prism (default 4011)
  --seed N        world seed for the examples (default ${DEFAULT_SEED}, as npm start)
  --files N       seeded files, 0 to 100000 (default ${DEFAULT_FILE_COUNT})
  --dynamic       generate bodies from the schemas and x-faker hints (Prism --dynamic, seeded by --seed)
  --build-only    write openapi/dist/openapi.prism.json and exit
  --help          show this help
`;

// The world can hold more, but every list example is embedded in the document.
const MAX_PRISM_FILES = Math.min(100_000, MAX_FILE_COUNT);

/** A mistake in the command line: answered with the help text and exit code 2. */
class UsageError extends Error {}

function wholeNumber(flag: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) > max) throw new UsageError(`--${flag} must be a whole number from 0 to ${max}, got "${raw}".`);
  return Number(raw);
}

function readOptions(argv: string[]) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      options: {
        port: { type: 'string' },
        seed: { type: 'string' },
        files: { type: 'string' },
        dynamic: { type: 'boolean' },
        'build-only': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const port = wholeNumber('port', values.port, 4011, 65535);
  if (port === 0) throw new UsageError('--port must be 1 to 65535: Prism cannot pick a free port itself.');
  return {
    help: values.help === true,
    port,
    seed: wholeNumber('seed', values.seed, DEFAULT_SEED, Number.MAX_SAFE_INTEGER),
    files: wholeNumber('files', values.files, DEFAULT_FILE_COUNT, MAX_PRISM_FILES),
    dynamic: values.dynamic === true,
    buildOnly: values['build-only'] === true,
  };
}

async function main(argv: string[]): Promise<void> {
  const options = readOptions(argv);
  if (options.help) {
    console.log(HELP);
    return;
  }
  const origin = `http://127.0.0.1:${options.port}`;
  const written = await writePrismDocument({ seed: options.seed, files: options.files, origin });
  console.log(`Wrote ${written.path} (examples from seed ${options.seed}, ${options.files} files).`);
  for (const s of written.skipped) console.log(`  ${s.operationId}: kept the documented example (the mock answers it ${s.status}).`);
  if (options.buildOnly) return;

  const prism = await startPrism({
    document: written.path,
    port: options.port,
    dynamic: options.dynamic,
    seed: options.dynamic ? options.seed : undefined,
    logLevel: 'info',
    stdio: 'inherit',
  });
  console.log(
    `\nPrism mode (${options.dynamic ? 'dynamic: x-faker data' : 'static: the seeded world'}) at ${origin}${specBasePath(written.document)}`,
  );
  console.log(
    'Any "Authorization: Bearer <token>" is accepted (Prism checks only that one is sent; scopes are not enforced: use npm start for that).',
  );
  console.log('Ask for any documented answer with "Prefer: code=401" (or 403, 404, 422, 429...). Stop with Ctrl-C.');
  const stop = () => void prism.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  prism.process.once('exit', (code) => process.exit(code ?? 0));
}

main(process.argv.slice(2)).catch((error: Error) => {
  const usage = error instanceof UsageError;
  console.error(usage ? `${error.message}\n\n${HELP}` : `Prism mode could not start: ${error.message}`);
  process.exit(usage ? 2 : 1);
});
