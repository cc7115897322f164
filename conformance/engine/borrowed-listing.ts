// The listing part read from what the bucket already holds, for a deployment
// that takes no upload: the whole allowed bucket is read once, and the filter
// checks that can judge any files (prefix, tag, search accepted) get a folder,
// prefixes cut mid-segment and mid-name, and a tag that some files carry and
// others do not, each chosen from those files, with the exact answer known
// from the whole listing. Nothing is written. Other runs' test files are never
// chosen from (they come and go).
import type { RunSettings } from '../config/config-types.ts';
import type { Api } from '../run/api.ts';
import { listFiles } from '../client/read-back.ts';
import { routeById } from '../client/request-builder.ts';
import { SetupError } from '../client/setup-error.ts';
import { requireWhole } from '../listing/listing-unfinished.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { Borrowed, FixtureFile, SharedFixtures } from '../plan/fixture-types.ts';

type Listing = NonNullable<SharedFixtures['listing']>;

/** The value held by the most items, among those some but not all hold; undefined when none is. */
function commonest(values: string[][], total: number): string | undefined {
  const counts = new Map<string, number>();
  for (const held of values) for (const v of new Set(held)) counts.set(v, (counts.get(v) ?? 0) + 1);
  const fits = [...counts].filter(([, n]) => n < total).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return fits[0]?.[0];
}

/** The listing part from the allowed bucket's own files; throws a SetupError when they cannot give one. */
export async function borrowedListing(api: Api, settings: RunSettings, suiteFolder: string, borrowed: Borrowed): Promise<Listing> {
  const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets.allowed);
  if (!key) throw new SetupError(`no configured key holds ${routeById('listFiles').scope} for bucket ${settings.buckets.allowed}`, []);
  const listing = await listFiles(api, settings, key, 'allowed', {});
  requireWhole(listing, 'which files the bucket holds');
  const files: FixtureFile[] = listing.items
    .filter((f) => typeof f.path === 'string' && (typeof f.id === 'string' || typeof f.id === 'number'))
    .map((f) => ({
      id: String(f.id),
      bucketId: settings.buckets.allowed,
      path: f.path,
      tags: Array.isArray(f.tags) ? f.tags.map(String) : [],
      description: typeof f.description === 'string' ? f.description : null,
      content: '',
      borrowed,
    }));
  const others = files.filter((f) => !f.path.startsWith(suiteFolder));
  const folder = commonest(
    others.map((f) => (f.path.includes('/') ? [`${f.path.slice(0, f.path.indexOf('/'))}/`] : [])),
    files.length,
  );
  const tag = commonest(
    others.map((f) => f.tags),
    files.length,
  );
  if (!folder || !tag)
    throw new SetupError(`the bucket's own files give no ${folder ? 'tag' : 'folder'} that some of them carry and others do not`, []);
  const inFolder = others.find((f) => f.path.startsWith(folder) && f.path.length > folder.length + 2)!;
  const partial = [folder.slice(0, -2), inFolder ? inFolder.path.slice(0, folder.length + 2) : folder.slice(0, -1)];
  const word = (/[A-Za-z]{3,}/.exec(others[0]?.path.split('/').pop() ?? '') ?? ['file'])[0];
  return {
    prefix: '',
    folder,
    partial,
    files,
    tags: { red: tag, blue: '' },
    word,
    outside: [],
    literal: { cases: [], files: [], refused: [] },
    borrowed,
  };
}
