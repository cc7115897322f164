#!/usr/bin/env node
// The bucketkit command: dispatches `mock`, `conformance` and `prism` to the compiled kit (installed package) or, in a checkout, to its TypeScript sources through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
// The package ships dist/ without the sources; a checkout always runs its sources, so a stale dist/ is never used there.
const fromSource = existsSync(here('../conformance/cli/main.ts'));

const COMMANDS = {
  mock: { entry: 'mocks/cli', about: 'serve the stateful, seeded mock on 127.0.0.1 (prints its keys; --help lists the flags)' },
  conformance: { entry: 'conformance/cli/main', about: 'run the conformance suite (embedded mock, or --config FILE; --help)', named: true },
  prism: {
    entry: 'mocks/prism/run-prism',
    about: 'serve the spec with a real Prism, bodies from the seeded world (needs @stoplight/prism-cli)',
    needs: '@stoplight/prism-cli',
  },
};

const version = () => JSON.parse(readFileSync(here('../package.json'), 'utf8')).version;

const HELP = `Usage: bucketkit <command> [options]

Commands:
${Object.entries(COMMANDS)
  .map(([name, c]) => `  ${name.padEnd(13)}${c.about}`)
  .join('\n')}

Options:
  --help, -h   show this help
  --version    print the kit's version

"bucketkit <command> --help" lists the options of a command.`;

/** Tells whether an optional package can be loaded from where the kit is installed. */
function installed(name) {
  try {
    createRequire(import.meta.url).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

async function run(name, args) {
  const command = COMMANDS[name];
  const missing =
    command.needs && !installed(command.needs)
      ? `bucketkit ${name} needs ${command.needs}, an optional peer dependency that is not installed.\n` +
        `Install it next to bucketkit: npm install --save-dev ${command.needs}@5.14.2`
      : undefined;
  // Its help is shown without the package, with the hint after it; anything else needs the package.
  if (missing && !args.includes('--help')) {
    console.error(missing);
    return 2;
  }
  if (missing) process.once('exit', () => console.log(missing));
  const argv = command.named ? [name, ...args] : args;
  // The command prints its usage as it was invoked (`bucketkit mock [options]`).
  process.env.BUCKETKIT_INVOKED_AS = `bucketkit ${name}`;
  if (fromSource) {
    const tsx = createRequire(import.meta.url).resolve('tsx/cli');
    const result = spawnSync(process.execPath, [tsx, here(`../${command.entry}.ts`), ...argv], { stdio: 'inherit' });
    return result.status ?? 1;
  }
  // The compiled command reads process.argv itself and exits when it is done.
  process.argv = [process.argv[0], here(`../dist/${command.entry}.js`), ...argv];
  await import(pathToFileURL(process.argv[1]).href);
  return undefined;
}

const [first, ...rest] = process.argv.slice(2);
if (first === '--version' || first === '-v') console.log(version());
else if (first === undefined || first === '--help' || first === '-h' || first === 'help') console.log(HELP);
else if (!Object.hasOwn(COMMANDS, first)) {
  console.error(`Unknown command "${first}".\n\n${HELP}`);
  process.exitCode = 3;
} else {
  const code = await run(first, rest);
  if (code !== undefined) process.exitCode = code;
}
