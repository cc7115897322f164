// The action's first step: picks the Node the kit runs on (the runner's own when the kit supports it, else a private
// one to fetch) and the cache key of the installed kit, a hash of the kit's files with the lockfile's hash beside it.
// Plain Node without dependencies: it runs on whatever Node the runner has.
import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** package.json "engines" as supported() applies it (a test keeps the two equal). */
export const ENGINES = '>=20.19 <21 || >=22';
/** The Node fetched when the runner's cannot run the kit and no node-version is given: a recommended one. */
export const DEFAULT_NODE = '22';
/**
 * The majors the kit recommends, and `npm run test:node-matrix` tests beside the machine's own Node (a test keeps
 * the two equal): Node 20 (20.19+) still runs the kit and is tested, but is past its end of life.
 */
export const RECOMMENDED_MAJORS = [22, 24];
/** Folders that are built, installed or written by runs, never part of the kit's source. */
const NOT_SOURCE = new Set(['node_modules', '.git', 'dist', 'reports', 'test-results', 'playwright-report', 'blob-report', '.bucketkit']);

/**
 * A version or version prefix: "v20.20.2", "22", "22.11".
 * @returns {{ major: number, minor?: number, patch?: number } | undefined}
 */
export function parseVersion(text) {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  return {
    major: Number(m[1]),
    minor: m[2] === undefined ? undefined : Number(m[2]),
    patch: m[3] === undefined ? undefined : Number(m[3]),
  };
}

/** Whether every Node the version (or prefix) names can run the kit: 20.19 and later in 20, or 22 and later. */
export function supported(v) {
  return v.major >= 22 || (v.major === 20 && (v.minor === undefined || v.minor >= 19));
}

const matches = (runner, wanted) =>
  runner.major === wanted.major &&
  (wanted.minor === undefined || runner.minor === wanted.minor) &&
  (wanted.patch === undefined || runner.patch === wanted.patch);

/** Whether the version is a recommended one: 22 or later (Node 20 is past its end of life). */
export function recommended(v) {
  return v.major >= Math.min(...RECOMMENDED_MAJORS);
}

/**
 * Which Node to run on: the runner's ({ use: 'runner' }), one to fetch ({ fetch: '22' }) or a bad input ({ error }).
 * @param {string} runnerVersion the runner's `node --version`
 * @param {string} wanted the node-version input; empty takes the runner's Node whenever it can run the kit
 */
export function chooseNode(runnerVersion, wanted) {
  const runner = parseVersion(runnerVersion);
  if (wanted === '') return runner && supported(runner) ? { use: 'runner' } : { fetch: DEFAULT_NODE };
  const spec = parseVersion(wanted);
  if (!spec) return { error: `node-version must be a Node version such as 22 or 22.11, got "${wanted}"` };
  if (!supported(spec))
    return { error: `node-version ${wanted} cannot run the kit: it needs Node 22 or 24 (or 20.19 and later in 20, past its end of life)` };
  return runner && matches(runner, spec) ? { use: 'runner' } : { fetch: wanted.replace(/^v/, '') };
}

function sourceFiles(dir, prefix = '') {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (NOT_SOURCE.has(entry.name) || /\.(tgz|log)$/.test(entry.name)) return [];
    if (entry.isDirectory()) return sourceFiles(dir, path);
    return entry.isFile() ? [path] : [];
  });
}

/**
 * The cache key of the kit installed from `dir`: its files' content (so any commit of the kit gets its own install,
 * whatever ref the workflow names) and its lockfile, per runner OS and architecture.
 */
export function kitKey(dir, os, arch) {
  const kit = createHash('sha256');
  for (const file of sourceFiles(dir).sort())
    kit
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update('\0');
  const lock = createHash('sha256')
    .update(readFileSync(join(dir, 'package-lock.json')))
    .digest('hex');
  return `bucketkit-${os}-${arch}-kit-${kit.digest('hex').slice(0, 16)}-lock-${lock.slice(0, 12)}`;
}

/** Runs the step: writes the outputs node, node-fetch and kit-key (exit-code 3 for a bad node-version); returns the step's exit code. */
export function prepare(env, runnerVersion = process.version, runnerNode = process.execPath) {
  const write = (outputs) =>
    env.GITHUB_OUTPUT &&
    appendFileSync(
      env.GITHUB_OUTPUT,
      Object.entries(outputs)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
  const wanted = (env.INPUT_NODE_VERSION ?? '').trim();
  const choice = chooseNode(runnerVersion, wanted);
  if (choice.error) {
    console.log(`::error title=bucketkit::${choice.error}`);
    write({ 'exit-code': '3' });
    return 3;
  }
  write({
    node: choice.use ? runnerNode : '',
    'node-fetch': choice.fetch ?? '',
    'kit-key': kitKey(env.KIT_DIR, env.RUNNER_OS ?? process.platform, env.RUNNER_ARCH ?? process.arch),
  });
  const why = wanted ? `node-version ${wanted}; the runner has ${runnerVersion}` : `the runner's ${runnerVersion || 'Node'} cannot run it`;
  const runner = parseVersion(runnerVersion);
  if (choice.use && runner && !recommended(runner))
    console.log(
      `::notice title=bucketkit::the runner's Node ${runnerVersion} runs the kit but is past its end of life; node-version: ${DEFAULT_NODE} runs it on a recommended one`,
    );
  console.log(
    choice.use
      ? `bucketkit runs on the runner's Node ${runnerVersion}`
      : `bucketkit fetches Node ${choice.fetch} for itself (${why}); the job's PATH keeps the runner's Node`,
  );
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(prepare(process.env));
