// Reads what `bucketkit mock` prints at start-up: its base URL, the seeded workspaces, its keys by name and, with
// --write-config, the env lines that give the written config its tokens.
export interface MockBanner {
  baseUrl: string;
  workspaceIds: string[];
  /** The banner keys' tokens by name (`full`, `readonly`, `restricted`, `only-<scope>`). */
  keys: Record<string, string>;
  /** The `export NAME=token` lines printed after --write-config, as name → token. */
  env: Record<string, string>;
}

/** Parses the banner once all of it has been printed (up to its `Try:` line); undefined until then. */
export function parseBanner(text: string): MockBanner | undefined {
  const baseUrl = /^bucketkit mock: (http:\/\/\S+)/m.exec(text)?.[1];
  if (!baseUrl || !/^Try: /m.test(text)) return undefined;
  const section = /^Keys this mock made for you.*\n((?: {2}\S.*\n)+)/m.exec(text)?.[1] ?? '';
  const keys = Object.fromEntries([...section.matchAll(/^ {2}(\S+)\s+(\S+)\s/gm)].map((m) => [m[1], m[2]]));
  const env = Object.fromEntries([...text.matchAll(/^ {2}export ([A-Z0-9_]+)=(\S+)$/gm)].map((m) => [m[1], m[2]]));
  const workspaceIds = [...text.matchAll(/^\s+workspace (\S+) /gm)].map((m) => m[1]);
  return { baseUrl, workspaceIds, keys, env };
}
