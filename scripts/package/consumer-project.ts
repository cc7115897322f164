// A fresh project outside the kit, made from package/example and the packed tarball, as a user would set one up.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KIT_ROOT } from './pack-kit.ts';
import { runCommand, tail } from './run-command.ts';

export interface ConsumerProject {
  dir: string;
  env: NodeJS.ProcessEnv;
  /** Wall time of `npm install <tarball>`. */
  installMs: number;
  remove(): void;
}

/** The environment without the npm_* variables of an enclosing `npm run`, so the project's npm sees only its own. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== 'INIT_CWD'));
  return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', ...extra };
}

/** Copies the example into a temp dir and installs the tarball there (from npm's cache where it can). */
export async function createConsumerProject(tarball: string): Promise<ConsumerProject> {
  const dir = mkdtempSync(join(tmpdir(), 'bucketkit-consumer-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    cpSync(join(KIT_ROOT, 'package/example'), dir, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|public)$/.test(source),
    });
    const env = cleanEnv();
    const started = performance.now();
    const installed = await runCommand('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
      cwd: dir,
      env,
      timeoutMs: 300_000,
    });
    if (installed.code !== 0) throw new Error(`npm install ${tarball} failed (exit ${installed.code}):\n${tail(installed.output)}`);
    // npm lists the install scripts a package runs in its consumers; the kit's shipped package.json has none.
    const scripts = /^.*\bbucketkit@[\d.]+ \(.*$/m.exec(installed.output);
    if (scripts) throw new Error(`npm names an install script of the kit: ${scripts[0].trim()}`);
    return { dir, env, installMs: Math.round(performance.now() - started), remove };
  } catch (error) {
    remove();
    throw error;
  }
}
