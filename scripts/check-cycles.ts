// Fails on any import cycle: between files (madge), and between the folders of
// one part (mocks/core, mocks/handlers, ...; conformance/runtime, conformance/checks, ...),
// so each part keeps a layering a reader can follow.
import madge from 'madge';

const PARTS = ['mocks', 'conformance', 'openapi', 'scripts'];

/** The folder a file belongs to inside its part (`mocks/core`), or the part itself for top-level files. */
function folderOf(file: string): string {
  const [part, folder] = file.split('/');
  return folder && file.split('/').length > 2 ? `${part}/${folder}` : part;
}

/** Every cycle of a directed graph, each once (Johnson-style DFS on a small graph). */
export function findCycles(graph: Record<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const nodes = Object.keys(graph).sort();
  for (const start of nodes) {
    const stack: string[] = [];
    const visit = (node: string) => {
      stack.push(node);
      for (const next of graph[node] ?? []) {
        if (next === start) {
          const key = [...stack].sort().join('>');
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push([...stack, start]);
          }
        } else if (next > start && !stack.includes(next)) visit(next);
      }
      stack.pop();
    };
    visit(start);
  }
  return cycles;
}

/** The folder graph: an edge a → b when a file of folder a imports one of folder b (same part only). */
export function folderGraph(files: Record<string, string[]>): Record<string, string[]> {
  const graph: Record<string, Set<string>> = {};
  for (const [file, deps] of Object.entries(files)) {
    const from = folderOf(file);
    for (const dep of deps) {
      const to = folderOf(dep);
      if (to === from || to.split('/')[0] !== from.split('/')[0] || !to.includes('/') || !from.includes('/')) continue;
      (graph[from] ??= new Set()).add(to);
    }
  }
  return Object.fromEntries(Object.entries(graph).map(([k, v]) => [k, [...v].sort()]));
}

async function main(): Promise<number> {
  const result = await madge(PARTS, {
    fileExtensions: ['ts'],
    tsConfig: 'tsconfig.json',
    excludeRegExp: [/openapi\/dist\//, /node_modules/],
  });
  const files = result.obj();
  const fileCycles = result.circular();
  const folderCycles = findCycles(folderGraph(files));
  for (const cycle of fileCycles) console.log(`file cycle: ${cycle.join(' > ')}`);
  for (const cycle of folderCycles) console.log(`folder cycle: ${cycle.join(' > ')}`);
  console.log(`${Object.keys(files).length} files: ${fileCycles.length} file cycle(s), ${folderCycles.length} folder cycle(s).`);
  return fileCycles.length + folderCycles.length === 0 ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main().then((code) => process.exit(code));
