// Test data from the cheapest route the deployment serves: when it takes no
// upload (presign-upload not served, or an upload that never becomes a listed
// file), a caller that only reads a file or changes its tags and description
// borrows one already listed in the bucket instead. Each listed file goes to
// one caller (claimed on the run board, over every process of the run) until
// every one is out, then they go round again; its tags and description as
// found go to the ledger first, and the cleanup puts them back. The run's own
// files and other runs' test files are never borrowed.
import type { RunSettings } from '../config/config-types.ts';
import type { Api } from '../run/api.ts';
import { listFiles, type ListedFile } from '../client/read-back.ts';
import type { BucketRole } from '../client/request-builder.ts';
import { SetupError } from '../client/setup-error.ts';
import { ReadBackError } from '../client/read-back.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import { routeById } from '../client/request-builder.ts';
import type { DisposableFiles, FixtureFile } from '../plan/fixture-types.ts';
import { currentAttribution } from '../run/attribution.ts';
import { boardMarkers, type RunBoard } from '../run/run-board.ts';
import { runFiles } from './run-files.ts';

/** Files of a bucket read at once to borrow from: enough for every check of a route, one page of most listings. */
const CANDIDATES = 60;
/** Where every run of the suite keeps its own files: another run's may vanish under a check. */
export const SUITE_FOLDER = 'bucketkit-conformance/';

/** Whether uploads to a bucket work, made once per run: `why` says what failed when they do not. */
interface UploadState {
  works: boolean;
  why?: string;
  blame?: string[];
}

/** Wraps the run's test files: `create(bucket, { orBorrowed: true })` borrows a listed file when the run cannot upload. */
export function withBorrowing(
  files: DisposableFiles,
  api: Api,
  settings: RunSettings,
  board: RunBoard,
  shared: <T>(name: string, make: () => Promise<T>) => Promise<T>,
): DisposableFiles {
  const ledger = runFiles(settings.runDir).ledger;
  /** The first upload to the bucket tells the run whether uploads work there; its file serves its caller. */
  const uploads = new Map<BucketRole, Promise<UploadState>>();
  const firstUpload = (bucket: BucketRole, create: () => Promise<FixtureFile>) => {
    let state = uploads.get(bucket);
    if (state) return { state };
    let made: Promise<FixtureFile> | undefined;
    state = shared(`uploads:${bucket}`, async (): Promise<UploadState> => {
      made = create();
      try {
        await made;
        return { works: true };
      } catch (error) {
        if (!(error instanceof SetupError)) throw error;
        return { works: false, why: error.message, blame: error.blame };
      }
    });
    uploads.set(bucket, state);
    return { state, made: () => made };
  };

  const candidates = (bucket: BucketRole) =>
    shared(`borrowable:${bucket}`, async (): Promise<ListedFile[]> => {
      const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets[bucket]);
      if (!key) return [];
      const listing = await listFiles(api, settings, key, bucket, {}, { until: (items) => items.length >= CANDIDATES });
      const found = listing.items.filter(
        (f) =>
          (typeof f.id === 'string' || typeof f.id === 'number') &&
          typeof f.path === 'string' &&
          !f.path.startsWith(SUITE_FOLDER) &&
          !f.path.startsWith(settings.runPrefix) &&
          (f.status === undefined || f.status === 'ready'),
      );
      // Each run starts at a place of its own (its run id's), so that runs at once against one deployment (the shards
      // of a run) seldom borrow the same file.
      const start = found.length ? hashOf(settings.runId) % found.length : 0;
      return [...found.slice(start), ...found.slice(0, start)];
    });

  /** A listed file no other caller was given, or, once every one was, the next in a new round. */
  const borrow = async (bucket: BucketRole, uploadFailed: UploadState): Promise<FixtureFile> => {
    let listed: ListedFile[];
    try {
      listed = await candidates(bucket);
    } catch (error) {
      // The listing failing too is the deployment's answer, not the suite's fault: the check cannot run, for both reasons.
      if (!(error instanceof ReadBackError)) throw error;
      throw new SetupError(
        `${uploadFailed.why}; and the listing a file could be borrowed from failed (${error.message})`,
        uploadFailed.blame ?? [],
      );
    }
    if (!listed.length)
      throw new SetupError(
        `${uploadFailed.why}; and no file already listed in bucket ${settings.buckets[bucket]} could be borrowed instead`,
        uploadFailed.blame ?? [],
      );
    const bucketId = settings.buckets[bucket];
    for (let round = 0; ; round++)
      for (const f of listed) {
        const name = `borrowed:${bucketId}:${String(f.id)}#${round}`;
        const claim = await board.claim(name);
        if (!('mine' in claim)) continue;
        await board.settle(name, { value: true });
        const id = String(f.id);
        const tags = Array.isArray(f.tags) ? f.tags.map(String) : null;
        const description = typeof f.description === 'string' ? f.description : null;
        if (round === 0) appendLedger(ledger, { kind: 'borrowed', bucketId, id, path: f.path, tags, description });
        currentAttribution()?.files.add(id);
        // The rules over every exchange know which bucket it lies in; an id is the other bucket's own value (never its path).
        void board.addFile(id, bucketId);
        if (bucket === 'other') boardMarkers(board).addId(id, `the id of ${f.path}, a file of the other bucket the run borrowed`, 'File');
        else boardMarkers(board).addAllowed(id, 'File');
        const borrowed = { why: uploadFailed.why ?? 'the deployment took no upload', blame: uploadFailed.blame ?? [] };
        return { id, bucketId, path: f.path, tags: tags ?? [], description, content: '', borrowed };
      }
  };

  return {
    adopt: (bucket, fileId, path) => files.adopt(bucket, fileId, path),
    async create(bucket, options = {}) {
      const { orBorrowed, ...rest } = options;
      if (!orBorrowed || settings.readOnly) return files.create(bucket, rest);
      const first = firstUpload(bucket, () => files.create(bucket, rest));
      const state = await first.state;
      const mine = first.made?.();
      if (mine) return state.works ? mine : borrow(bucket, state);
      return state.works ? files.create(bucket, rest) : borrow(bucket, state);
    },
  };
}

/** A small non-negative hash of a text (FNV-1a). */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}
