// Reads what `bucketkit mock` prints at start-up: its base URL, the seeded workspaces and the three ready keys.
export interface MockBanner {
  baseUrl: string;
  workspaceIds: string[];
  keys: { full: string; readOnly: string; oneBucket: string };
}

/** Parses the banner once all of it has been printed; undefined until then. */
export function parseBanner(text: string): MockBanner | undefined {
  const baseUrl = /^bucketkit mock: (http:\/\/\S+)/m.exec(text)?.[1];
  const full = /^\s+full access\s+(\S+)$/m.exec(text)?.[1];
  const readOnly = /^\s+read-only\s+(\S+)$/m.exec(text)?.[1];
  const oneBucket = /^\s+only bucket \S+\s+(\S+)$/m.exec(text)?.[1];
  if (!baseUrl || !full || !readOnly || !oneBucket) return undefined;
  const workspaceIds = [...text.matchAll(/^\s+workspace (\S+) /gm)].map((m) => m[1]);
  return { baseUrl, workspaceIds, keys: { full, readOnly, oneBucket } };
}
