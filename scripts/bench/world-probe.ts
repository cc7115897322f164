// Reads what the bench needs from a running mock: ids, a real key, and filter values present in its world.
import { httpCall } from './http-probe.ts';
import { mintKey, readMockInfo } from './mock-control.ts';
import { commonestTag, commonestTopFolder, listFilesPath, type BenchRoutes } from './bench-requests.ts';

export interface ProbedWorld {
  workspaceId: string;
  bucketId: string;
  /** The commonest top folder of the bucket's files, e.g. `reports/`. */
  prefix: string;
  /** The commonest tag of the bucket's files. */
  tag: string;
}

const SAMPLE_PAGE = 1000;

/** The first workspace's first bucket (the largest in the seeded layout) and filter values from its files. */
export async function probeWorld(origin: string, basePath: string, routes: BenchRoutes): Promise<ProbedWorld> {
  const info = await readMockInfo(origin);
  const workspaceId = info.workspaces[0].id;
  const bucketId = info.workspaces[0].buckets[0];
  const token = await mintKey(origin, [routes.listFiles.scope], [bucketId]);
  const limit = Math.min(SAMPLE_PAGE, Number(routes.listFiles.queryParams.find((p) => p.name === 'limit')?.schema.maximum ?? SAMPLE_PAGE));
  const answer = await httpCall(origin + basePath + listFilesPath(routes, { workspaceId, bucketId }, {}, limit), {
    headers: { authorization: `Bearer ${token}` },
  });
  if (answer.status !== 200)
    throw new Error(`Listing the files of the mock's first bucket answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  const files = (JSON.parse(answer.body) as { data: { path: string; tags: string[] }[] }).data;
  return { workspaceId, bucketId, prefix: commonestTopFolder(files.map((f) => f.path)), tag: commonestTag(files.map((f) => f.tags)) };
}
