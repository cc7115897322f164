// The set-up project's work: upload and tag the shared test files under the run
// prefix in both buckets, and remember the state the run may change.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { ApiClient } from '../http/api-client.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { callRequest, isSuccess, routeById, type BucketRole } from '../checks/request-builder.ts';
import { listFiles } from '../checks/read-back.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { SharedFixtures } from '../plan/fixture-types.ts';
import type { WorkerFiles } from './disposable-files.ts';
import { runFiles } from './run-files.ts';

/** Records the intelligence instructions of both buckets so cleanup can restore them. */
async function rememberIntelligence(api: ApiClient, settings: RunSettings): Promise<void> {
  const read = routeById('getIntelligence');
  for (const bucket of ['allowed', 'other'] as BucketRole[]) {
    const key = pickHarnessKey(settings.keys, [read.scope], settings.buckets[bucket]);
    if (!key) continue;
    const ex = await api.send(callRequest(read, settings, bucket, {}, { key }));
    const instructions = (ex.json as { instructions?: string | null } | undefined)?.instructions;
    if (isSuccess(ex.status) && instructions !== undefined)
      appendLedger(runFiles(settings.runDir).ledger, { kind: 'intelligence', bucketId: settings.buckets[bucket], instructions });
  }
}

/** The listing test files: prefix, tag and search targets, and decoys that only a sloppy filter would list. */
async function listingFiles(settings: RunSettings, files: WorkerFiles, token: string): Promise<NonNullable<SharedFixtures['listing']>> {
  const tags = { red: `bk-${token}-red`, blue: `bk-${token}-blue` };
  const word = `zq${token}`;
  const prefix = `${settings.runPrefix}list/`;
  const make = (path: string, tagList: string[], description?: string) =>
    files.create('allowed', { path, tags: tagList.length ? tagList : undefined, description });
  const listed = [
    await make(`${prefix}red/one.txt`, [tags.red], `Quarterly ${word} figures`),
    await make(`${prefix}red/two.txt`, [tags.red, tags.blue]),
    await make(`${prefix}blue/three.txt`, [tags.blue], 'Nothing to find here'),
    await make(`${prefix}blue/${word}-four.txt`, []),
    // Decoys under the listing prefix: the "red/" folder in another case, and tags holding the red tag.
    await make(`${prefix}Red/five.txt`, []),
    await make(`${prefix}blue/six.txt`, [`${tags.red}2`]),
    await make(`${prefix}blue/seven.txt`, [`x${tags.red}`]),
  ];
  // A path holding the "red/" prefix later on, not at its start.
  const inner = await make(`${settings.runPrefix}decoy/${prefix}red/eight.txt`, []);
  return { prefix, files: listed, tags, word, decoys: [listed[4], listed[5], listed[6], inner] };
}

/**
 * Waits (bounded by overrides.uploadVisibleWithinMs) until a tag filter lists the files just tagged with it:
 * the seed does not say a tag is searchable the moment the PATCH returns.
 */
async function untilTagsListed(api: ApiClient, settings: RunSettings, listing: NonNullable<SharedFixtures['listing']>): Promise<void> {
  const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets.allowed);
  if (!key) return;
  const deadline = Date.now() + overrideOf(settings.overrides, 'uploadVisibleWithinMs');
  for (const tag of Object.values(listing.tags)) {
    const want = listing.files.filter((f) => f.tags.includes(tag)).map((f) => f.path);
    for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
      const { items } = await listFiles(api, settings, key, 'allowed', { tag, prefix: listing.prefix });
      // Past the deadline the listing checks judge what the server shows.
      if (want.every((path) => items.some((f) => f.path === path)) || Date.now() >= deadline) break;
      await new Promise((done) => setTimeout(done, pause));
    }
  }
}

/** The other bucket's test files, carrying a word to search for and a marker no query sends. */
async function foreignFiles(settings: RunSettings, files: WorkerFiles, token: string) {
  const word = `zo${token}`;
  const marker = `mk${token}`;
  const description = `Figures about ${word}, kept in the other bucket`;
  const otherFile = await files.create('other', { path: `${settings.runPrefix}shared/${word}-${marker}.txt`, description });
  // The trashed one needs a key that can trash in the other bucket; the checks using it declare that need.
  const canTrash = pickHarnessKey(settings.keys, [routeById('trashFiles').scope], settings.buckets.other) !== undefined;
  const trashed = canTrash
    ? await files.create('other', { path: `${settings.runPrefix}shared/trashed-${word}-${marker}.txt`, description, trashed: true })
    : undefined;
  return { otherFile, foreign: { word, marker, trashed } };
}

/** Prepares the shared test files; never throws: a failure leaves `ready: false` with the reason. */
export async function prepareFixtures(
  api: ApiClient,
  settings: RunSettings,
  files: WorkerFiles,
  unique: () => string,
): Promise<SharedFixtures> {
  appendLedger(runFiles(settings.runDir).ledger, {
    kind: 'run',
    runId: settings.runId,
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    runPrefix: settings.runPrefix,
    at: new Date().toISOString(),
  });
  if (!canCreateFixtures(settings))
    return { ready: false, problem: settings.readOnly ? 'read-only run' : 'no key can upload to both buckets' };
  try {
    await rememberIntelligence(api, settings);
    const token = unique();
    const listing = await listingFiles(settings, files, token);
    await untilTagsListed(api, settings, listing);
    const { otherFile, foreign } = await foreignFiles(settings, files, token);
    return {
      ready: true,
      allowedFile: await files.create('allowed', { path: `${settings.runPrefix}shared/allowed.txt` }),
      otherFile,
      foreign,
      listing,
    };
  } catch (error) {
    return { ready: false, problem: api.redact((error as Error).message) };
  }
}
