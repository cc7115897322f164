// Test support: reads the whole world back over HTTP and checks that it adds
// up: every file in exactly one place (one bucket's listing or one trash),
// paths unique per bucket, each tag and prefix listing exactly the files that
// carry the tag or path, and bucket counts and sizes equal to their listings.
import type { MockServer } from '../../http/start-mock-server.ts';

interface Listed {
  id: string;
  bucketId: string;
  path: string;
  size: number;
  tags: string[];
  status: string;
}

export interface WorldAudit {
  /** Ready files plus trashed ones, across every bucket. */
  total: number;
  ready: Map<string, Listed>;
  trashed: Set<string>;
  /** Everything that does not add up; empty when the world is consistent. */
  problems: string[];
}

async function getJson(server: MockServer, key: string, path: string): Promise<any> {
  const answer = await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${key}` } });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}

/** Every item of a cursor-paged listing. */
async function listAll(server: MockServer, key: string, path: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const sep = path.includes('?') ? '&' : '?';
    const page: any = await getJson(server, key, `${path}${sep}limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    items.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Reads every workspace, bucket, listing and trash with a full-access key and checks the world is consistent. */
export async function auditWorld(server: MockServer, key = server.app.presetKeys.full): Promise<WorldAudit> {
  const problems: string[] = [];
  const ready = new Map<string, Listed>();
  const trashed = new Set<string>();
  const seen = (id: string, where: string) => {
    if (ready.has(id) || trashed.has(id)) problems.push(`file ${id} is listed twice (again in ${where})`);
  };
  for (const workspace of (await getJson(server, key, '/workspaces')).data) {
    for (const bucket of await listAll(server, key, `/workspaces/${workspace.id}/buckets`)) {
      const base = `/workspaces/${workspace.id}/buckets/${bucket.id}`;
      const files: Listed[] = await listAll(server, key, `${base}/files`);
      const paths = files.map((f) => f.path);
      if (paths.some((p, i) => i > 0 && paths[i - 1] >= p))
        problems.push(`${bucket.id}: listing not in strict path order (a duplicate path?)`);
      if (bucket.fileCount !== files.length) problems.push(`${bucket.id}: fileCount ${bucket.fileCount} but ${files.length} listed`);
      const size = files.reduce((sum, f) => sum + f.size, 0);
      if (bucket.totalSize !== size) problems.push(`${bucket.id}: totalSize ${bucket.totalSize} but files add up to ${size}`);
      for (const file of files) {
        seen(file.id, bucket.id);
        if (file.bucketId !== bucket.id || file.status !== 'ready')
          problems.push(`${file.id} listed in ${bucket.id} as ${file.bucketId}/${file.status}`);
        ready.set(file.id, file);
      }
      for (const tag of new Set(files.flatMap((f) => f.tags))) {
        const byTag = (await listAll(server, key, `${base}/files?tag=${encodeURIComponent(tag)}`)).map((f) => f.id).join();
        const expected = files
          .filter((f) => f.tags.includes(tag))
          .map((f) => f.id)
          .join();
        if (byTag !== expected) problems.push(`${bucket.id}: tag ${tag} lists other files than carry it`);
      }
      for (const prefix of new Set(paths.map((p) => p.slice(0, p.indexOf('/') + 1)))) {
        const byPrefix = (await listAll(server, key, `${base}/files?prefix=${encodeURIComponent(prefix)}`)).map((f) => f.id).join();
        const expected = files
          .filter((f) => f.path.startsWith(prefix))
          .map((f) => f.id)
          .join();
        if (byPrefix !== expected) problems.push(`${bucket.id}: prefix ${prefix} lists other files than it holds`);
      }
      for (const entry of await listAll(server, key, `${base}/trash`)) {
        seen(entry.fileId, `${bucket.id} trash`);
        if (entry.bucketId !== bucket.id) problems.push(`trash entry ${entry.fileId} of ${bucket.id} names ${entry.bucketId}`);
        trashed.add(entry.fileId);
      }
    }
  }
  return { total: ready.size + trashed.size, ready, trashed, problems };
}
