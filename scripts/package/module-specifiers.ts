// Reads and rewrites the relative module specifiers of compiled files (imports, re-exports, dynamic imports).
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

const SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\2/g;
const BARE_SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"./][^'"]*)\1/g;

/** Every relative specifier in `code`, in order. */
export function relativeSpecifiers(code: string): string[] {
  return [...code.matchAll(SPECIFIER)].map((match) => match[3]);
}

/** `./x.ts` → `./x.js` for every relative specifier of a declaration file (JSON and other specifiers are kept). */
export function rewriteDeclarationSpecifiers(code: string): string {
  return code.replace(SPECIFIER, (whole, lead: string, quote: string, spec: string) =>
    spec.endsWith('.ts') && !spec.endsWith('.d.ts') ? `${lead}${quote}${spec.slice(0, -3)}.js${quote}` : whole,
  );
}

/** Relative specifiers of `file` that name no existing file (a `.js` specifier of a declaration may be met by its `.d.ts`). */
export function unresolvedRelativeImports(file: string, code: string): string[] {
  return relativeSpecifiers(code).filter((spec) => {
    const target = resolve(dirname(file), spec);
    if (existsSync(target)) return false;
    return !(file.endsWith('.d.ts') && spec.endsWith('.js') && existsSync(`${target.slice(0, -3)}.d.ts`));
  });
}

/** The packages `code` imports by name (`msw/node` → `msw`, `@scope/x/y` → `@scope/x`), without Node's built-ins. */
// Comments may quote words after "from" (`tells "forbidden" from "absent"`); they import nothing.
const withoutComments = (code: string): string => code.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

export function importedPackages(code: string): string[] {
  const names = [...withoutComments(code).matchAll(BARE_SPECIFIER)]
    .map((match) => match[2])
    .filter((spec) => !spec.startsWith('node:'))
    .map((spec) =>
      spec
        .split('/')
        .slice(0, spec.startsWith('@') ? 2 : 1)
        .join('/'),
    );
  return [...new Set(names)];
}

/** The declaration files reachable from `entries` through relative imports (a `.js` specifier leads to its `.d.ts`). */
export function reachableDeclarations(entries: readonly string[], read: (file: string) => string): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const spec of relativeSpecifiers(read(file))) {
      const target = resolve(dirname(file), spec);
      queue.push(target.endsWith('.js') ? `${target.slice(0, -3)}.d.ts` : target);
    }
  }
  return [...seen];
}
