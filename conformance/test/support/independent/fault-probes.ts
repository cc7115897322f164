// For each planted fault, the one request that shows it: the probe answers
// whether the rule was broken (a key got more than it holds). On a server
// without the fault every probe must answer false, with it true; tests prove
// both, so a fault that breaks nothing cannot hide in the registry.
import type { FaultName } from './faults/fault-registry.ts';
import { bucketPath, probe, someFile, tokenOf } from './probe-client.ts';
import type { IndependentServer } from './start-independent-server.ts';

const ok = (status: number) => status >= 200 && status < 300;
type Probe = (server: IndependentServer) => Promise<boolean>;

/** Whether the file is in the other bucket now, as the full key lists it. */
async function inOther(server: IndependentServer, fileId: string): Promise<boolean> {
  const listed = await probe(server, 'GET', `${bucketPath(server, 'other')}/files?limit=0`, { key: 'full' });
  return listed.json.data.some((f: { id: string }) => f.id === fileId);
}

/** A readonly key's tag change on a file of the allowed bucket, sent as `send` shapes it; true when it was served. */
async function readonlyTags(server: IndependentServer, send: (path: string) => Promise<number>): Promise<boolean> {
  const file = await someFile(server, 'allowed');
  return ok(await send(`${bucketPath(server, 'allowed')}/files/${file.id}`));
}

export const FAULT_PROBES: Record<FaultName, Probe> = {
  'key-any-case': async (server) =>
    ok((await probe(server, 'GET', '/workspaces', { authorization: `Bearer ${tokenOf(server, 'full').toUpperCase()}` })).status),
  'cookie-accepted-alone': async (server) => {
    const first = await probe(server, 'GET', '/workspaces', { key: 'full' });
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0];
    return ok((await probe(server, 'GET', '/workspaces', { headers: { Cookie: cookie } })).status);
  },
  'scope-skipped-for-case-variant': (server) =>
    readonlyTags(
      server,
      async (path) => (await probe(server, 'PATCH', path.replace('/files/', '/Files/'), { key: 'readonly', json: { tags: ['x'] } })).status,
    ),
  'non-json-write-skips-scope': (server) =>
    readonlyTags(
      server,
      async (path) => (await probe(server, 'PATCH', path, { key: 'readonly', raw: '{"tags":["x"]}', contentType: 'text/plain' })).status,
    ),
  'update-file-scope-unchecked': (server) =>
    readonlyTags(server, async (path) => (await probe(server, 'PATCH', path, { key: 'readonly', json: { tags: ['x'] } })).status),
  'query-bucket-overrides-path': async (server) => {
    const answer = await probe(server, 'GET', `${bucketPath(server, 'allowed')}/files?bucketId=${server.config.buckets.other}`, {
      key: 'restricted',
    });
    return ok(answer.status) && answer.json.data.some((f: { bucketId: string }) => f.bucketId === server.config.buckets.other);
  },
  'batch-later-ids-unchecked': async (server) => {
    const [own, foreign] = [await someFile(server, 'allowed'), await someFile(server, 'other')];
    const answer = await probe(server, 'POST', `${bucketPath(server, 'allowed')}/files/trash`, {
      key: 'restricted',
      json: { fileIds: [own.id, foreign.id] },
    });
    return ok(answer.status) && !(await inOther(server, foreign.id));
  },
  'head-barred-bucket-200': async (server) =>
    ok((await probe(server, 'HEAD', `${bucketPath(server, 'other')}/files`, { key: 'restricted' })).status),
  'mass-assignment-bucket-alone': async (server) => {
    const file = await someFile(server, 'allowed');
    await probe(server, 'PATCH', `${bucketPath(server, 'allowed')}/files/${file.id}`, {
      key: 'restricted',
      json: { tags: ['x'], bucketId: server.config.buckets.other },
    });
    return inOther(server, file.id);
  },
  'limit-zero-lists-workspace': async (server) => {
    const answer = await probe(server, 'GET', `${bucketPath(server, 'allowed')}/files?limit=0`, { key: 'restricted' });
    return ok(answer.status) && answer.json.data.some((f: { bucketId: string }) => f.bucketId === server.config.buckets.other);
  },
  'cursor-from-other-bucket': async (server) => {
    const other = await probe(server, 'GET', `${bucketPath(server, 'other')}/files?limit=2`, { key: 'full' });
    const cursor = encodeURIComponent(other.json.nextCursor);
    const answer = await probe(server, 'GET', `${bucketPath(server, 'allowed')}/files?cursor=${cursor}`, { key: 'restricted' });
    return ok(answer.status) && answer.json.data.some((f: { bucketId: string }) => f.bucketId === server.config.buckets.other);
  },
};
