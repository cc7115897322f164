// The probes of the faults that read a listing filter wrongly and of the
// mass-assignment faults (see fault-probes.ts): each is broken by its fault
// alone, never by the faults that ignore a filter or the cursor altogether.
import type { FaultName } from '../../faults/fault-catalog.ts';
import type { MockClient } from './mock-client.ts';
import type { RuleProbe } from './rule-probe.ts';

const bucketPath = (mock: MockClient, bucket: string) => `/workspaces/${mock.ids.workspace}/buckets/${bucket}`;
const full = (mock: MockClient) => mock.server.app.presetKeys.full;
const files = async (mock: MockClient, bucket: string, query: string) =>
  (await mock.call(`${bucketPath(mock, bucket)}/files?${query}`, { key: full(mock) })).body.data as {
    id: string;
    path: string;
    tags: string[];
  }[];
const folderOf = (path: string) => path.slice(0, path.indexOf('/') + 1);

type Probed =
  | 'prefix-as-regex'
  | 'prefix-cut-to-last-slash'
  | 'filters-dropped-after-first-page'
  | 'patch-mass-assignment'
  | 'writes-take-body-bucket-id';

export const MORE_PROBES: Pick<Record<FaultName, RuleProbe>, Probed> = {
  // The first folder with its second letter read as "any character": a regular expression lists that folder.
  'prefix-as-regex': async (mock) => {
    const [first] = await files(mock, mock.ids.allowed, 'limit=1');
    const folder = folderOf(first.path);
    const prefix = `${folder[0]}.${folder.slice(2)}`;
    const listed = await files(mock, mock.ids.allowed, `limit=1000&prefix=${encodeURIComponent(prefix)}`);
    return folder[1] !== '.' && listed.length > 0 && listed.every((f) => f.path.startsWith(folder));
  },
  // A prefix one letter past a file's name: only a server that cuts it back to its folder lists anything.
  'prefix-cut-to-last-slash': async (mock) => {
    const [first] = await files(mock, mock.ids.allowed, 'limit=1');
    const folder = first.path.slice(0, first.path.lastIndexOf('/') + 1);
    const listed = await files(mock, mock.ids.allowed, `limit=1000&prefix=${encodeURIComponent(`${first.path}~`)}`);
    return listed.length > 0 && listed.every((f) => f.path.startsWith(folder));
  },
  // The second and fourth files tagged: the second page of that tag, one a page, must hold the fourth, not the third.
  'filters-dropped-after-first-page': async (mock) => {
    const four = await files(mock, mock.ids.allowed, 'limit=4');
    for (const f of [four[1], four[3]])
      await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${f.id}`, {
        method: 'PATCH',
        key: full(mock),
        body: { tags: ['probe-paged'] },
      });
    const page = await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files?tag=probe-paged&limit=1`, { key: full(mock) });
    const cursor = page.body.nextCursor as string | null;
    if (!cursor || !page.body.data.every((f: { tags: string[] }) => f.tags.includes('probe-paged'))) return false;
    const next = await files(mock, mock.ids.allowed, `tag=probe-paged&limit=1&cursor=${encodeURIComponent(cursor)}`);
    return next.some((f) => !f.tags.includes('probe-paged'));
  },
  'patch-mass-assignment': async (mock) => {
    const [file] = await files(mock, mock.ids.allowed, 'limit=1');
    const body = { description: 'probe', bucketId: mock.ids.other, path: 'probe/mass.txt', size: 1 };
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/files/${file.id}`, {
      method: 'PATCH',
      key: mock.server.app.presetKeys.restricted,
      body,
    });
    return (await files(mock, mock.ids.other, 'prefix=probe/')).some((f) => f.id === file.id);
  },
  'writes-take-body-bucket-id': async (mock) => {
    const name = 'probe mass assignment';
    const automation = { name, enabled: false, trigger: { event: 'file.uploaded' }, action: { type: 'add_tags', tags: ['probe'] } };
    await mock.call(`${bucketPath(mock, mock.ids.allowed)}/automations`, {
      key: mock.server.app.presetKeys.restricted,
      body: { ...automation, bucketId: mock.ids.other },
    });
    const other = await mock.call(`${bucketPath(mock, mock.ids.other)}/automations?limit=1000`, { key: full(mock) });
    return other.body.data.some((a: { name: string }) => a.name === name);
  },
};
