// What the packed kit must hold, and which packages it may depend on, read from package.json and the compiled files.
import { builtinModules } from 'node:module';
import { importedPackages } from './module-specifiers.ts';

export interface Manifest {
  exports: Record<string, string | Record<string, string>>;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Problems with the file list: sources, tests or unknown files shipped, or an export or bin target missing. */
export function fileListProblems(files: readonly string[], manifest: Manifest): string[] {
  const problems: string[] = [];
  const allowed = /^(package\.json|README\.md|bin\/bucketkit\.js|dist\/.+\.(js|d\.ts|json|cjs))$/;
  for (const file of files) {
    if (!allowed.test(file)) problems.push(`ships ${file}, which is neither compiled output, the bin nor package metadata`);
    else if (/(^|\/)test\//.test(file)) problems.push(`ships the test file ${file}`);
  }
  const targets = [
    ...Object.values(manifest.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target))),
    ...Object.values(manifest.bin),
  ];
  for (const target of targets.map((t) => t.replace(/^\.\//, '')))
    if (!files.includes(target)) problems.push(`package.json points at ${target}, which is not in the package`);
  return problems;
}

/**
 * Problems with the runtime dependencies: a package the compiled code imports that is not a dependency (or peer),
 * and a dependency nothing imports. `sources` are the compiled modules' texts (.js and .d.ts).
 */
export function dependencyProblems(sources: readonly string[], manifest: Manifest): string[] {
  const builtins = new Set(builtinModules);
  const imported = new Set(sources.flatMap(importedPackages).filter((name) => !builtins.has(name)));
  const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
  return [
    ...[...imported].filter((name) => !declared.has(name)).map((name) => `the compiled code imports ${name}, which is not a dependency`),
    ...Object.keys(manifest.dependencies ?? {})
      .filter((name) => !imported.has(name))
      .map((name) => `${name} is a dependency but nothing in the package imports it (a build tool belongs in devDependencies)`),
  ];
}
