// The shared test files, made in parts on first need and at most once per
// run (over every process of it, through the run board): a check waits only
// for the parts it reads, so a server without tags or trash still gets its
// upload and prefix checks, and the parts are made concurrently instead of in
// one fixed-budget set-up.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { Api } from '../run/api.ts';
import { callRequest, routeById } from '../client/request-builder.ts';
import { automationBody } from '../operations/createAutomation.ts';
import { suggestionBody } from '../operations/createSuggestion.ts';
import { boardMarkers, once, type RunBoard } from '../run/run-board.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { Borrowed, DisposableFiles, SetupPart, SharedFixtures } from '../plan/fixture-types.ts';
import { attributed, attributionOf, currentAttribution, type Attribution } from '../run/attribution.ts';
import { SetupError } from '../client/setup-error.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { makeListing } from './listing-part.ts';
import { borrowedListing } from './borrowed-listing.ts';
import { SUITE_FOLDER } from './borrowed-files.ts';
import { resourceOfRoute } from '../oracles/id-places.ts';

/** Makes and remembers the parts of one target's shared test files. */
export class SetupParts {
  private readonly made = new Map<SetupPart, Promise<Partial<SharedFixtures>>>();
  private readonly fileIds = new Map<SetupPart, Set<string>>();

  constructor(
    private readonly api: Api,
    private readonly settings: RunSettings,
    private readonly files: DisposableFiles,
    private readonly unique: () => string,
    private readonly board: RunBoard,
    /** Judges a part's exchanges by the rules once it is made (or failed). */
    private readonly judge: (attribution: Attribution) => Promise<void> = async () => undefined,
  ) {}

  /**
   * Words no other file of the run holds any part of (a fuzzy search, the agent's or a semantic one, must find only
   * their files), chosen once for the run.
   */
  private words(): Promise<{ word: string; marker: string; listingWord: string; token: string }> {
    return once(this.board, 'part:words', async () => {
      const words = {
        word: `zo${randomLetters(10)}`,
        marker: `mk${randomLetters(10)}`,
        listingWord: `zq${randomLetters(10)}`,
        token: this.unique(),
      };
      await this.board.addMarker({ value: words.word, what: "the word only the other bucket's test files carry", kind: 'word' });
      await this.board.addMarker({ value: words.marker, what: "the marker in the other bucket's test files", kind: 'word' });
      return words;
    });
  }

  /** The fixtures holding the parts asked for; throws the first part's SetupError. */
  async fixtures(parts: readonly SetupPart[]): Promise<SharedFixtures> {
    const values = await Promise.all(parts.map((part) => this.part(part)));
    // The files of the parts count as used by the check asking (kept when it fails, for its reproduction).
    const user = currentAttribution();
    for (const part of parts) for (const id of this.fileIds.get(part) ?? []) user?.files.add(id);
    return Object.assign({ ready: true }, ...values) as SharedFixtures;
  }

  private part(part: SetupPart): Promise<Partial<SharedFixtures>> {
    let made = this.made.get(part);
    if (!made) {
      const attribution = attributionOf(`set-up: ${part}`, 'setup');
      made = once(this.board, `part:${part}`, () =>
        attributed(attribution, () => this.make(part)).finally(() => this.judge(attribution).catch(() => undefined)),
      ).finally(() => this.fileIds.set(part, attribution.files));
      // Every waiting check sees the rejection; this keeps an unawaited one from being reported as unhandled.
      made.catch(() => undefined);
      this.made.set(part, made);
    }
    return made;
  }

  private async make(part: SetupPart): Promise<Partial<SharedFixtures>> {
    const { settings, files } = this;
    const { word, marker, listingWord, token } = await this.words();
    const description = `Figures about ${word}, kept in the other bucket`;
    switch (part) {
      case 'allowedFile':
        // Read and named by its users, never changed: a listed file does when the deployment takes no upload.
        return { allowedFile: await files.create('allowed', { path: `${settings.runPrefix}shared/allowed.txt`, orBorrowed: true }) };
      case 'otherFile':
        return {
          // Named by the calls through the other bucket; the checks that search for its word refuse a borrowed one.
          // Its path carries the word and the marker too: a deployment that will not describe it still gets the checks.
          otherFile: await files.create('other', {
            path: `${settings.runPrefix}shared/${word}-${marker}.txt`,
            description,
            orBorrowed: true,
            describeIfServed: true,
          }),
        };
      case 'foreign': {
        // The trashed one needs a key that can trash in the other bucket; the checks using it declare that need.
        // A borrowed other file says the deployment took no upload there: no trashed one either.
        const borrowed = (await this.part('otherFile')).otherFile?.borrowed;
        const canTrash = !borrowed && pickHarnessKey(settings.keys, [routeById('trashFiles').scope], settings.buckets.other) !== undefined;
        // A deployment that will not trash it (trash not served, or broken) leaves only the checks of it not run.
        let trashRefused: Borrowed | undefined;
        const trashed = canTrash
          ? await files
              .create('other', {
                path: `${settings.runPrefix}shared/trashed-${word}-${marker}.txt`,
                description,
                trashed: true,
                describeIfServed: true,
              })
              .catch((error: unknown) => {
                if (!(error instanceof SetupError)) throw error;
                trashRefused = { why: error.message, blame: error.blame };
                return undefined;
              })
          : undefined;
        await Promise.all([this.otherAutomation(marker), this.otherSuggestion(marker)]);
        return { foreign: { word, marker, trashed, ...(trashRefused ? { trashRefused } : {}) } };
      }
      case 'listing':
        // A run that can write no file of its own reads the bucket's (the checks that can judge any files ask for it).
        if (!canCreateFixtures(settings)) {
          const why = noFixtures(settings).message;
          return { listing: await borrowedListing(this.api, settings, SUITE_FOLDER, { why, blame: [] }) };
        }
        try {
          return { listing: await makeListing(this.api, settings, files, { token, word: listingWord }) };
        } catch (error) {
          // The cheapest route served: the bucket's own files, read, when the run's could not be made.
          if (!(error instanceof SetupError)) throw error;
          const borrowed = { why: error.message, blame: error.blame };
          return { listing: await borrowedListing(this.api, settings, SUITE_FOLDER, borrowed).catch(() => Promise.reject(error)) };
        }
    }
  }

  /** An automation in the other bucket, named with its marker (when a key can create one there); its id becomes a marker too. */
  private async otherAutomation(marker: string): Promise<void> {
    const { settings } = this;
    const route = routeById('createAutomation');
    const key = pickHarnessKey(settings.keys, [route.scope], settings.buckets.other);
    if (!key) return;
    const name = `bucketkit ${marker} automation`;
    const json = automationBody(name, `${settings.runPrefix}${marker}/`);
    const ex = await this.api.send(callRequest(route, settings, 'other', { json }, { key }));
    if (!isSuccess(ex.status)) return;
    boardMarkers(this.board).addId(
      (ex.json as { id?: unknown } | undefined)?.id,
      "the id of the run's automation in the other bucket",
      resourceOfRoute(route.operationId),
    );
  }

  /** A suggestion in the other bucket about its test file, its reason carrying the marker. */
  private async otherSuggestion(marker: string): Promise<void> {
    const { settings } = this;
    const route = routeById('createSuggestion');
    const key = pickHarnessKey(settings.keys, [route.scope], settings.buckets.other);
    if (!key) return;
    const { otherFile } = await this.part('otherFile');
    if (!otherFile) return;
    const json = suggestionBody(otherFile.id, `bucketkit ${marker} suggestion`);
    const ex = await this.api.send(callRequest(route, settings, 'other', { json }, { key }));
    if (!isSuccess(ex.status)) return;
    boardMarkers(this.board).addId(
      (ex.json as { id?: unknown } | undefined)?.id,
      "the id of the run's suggestion in the other bucket",
      resourceOfRoute(route.operationId),
    );
  }
}

/** Random lowercase letters (no digits, so no run token or counter shares a run of them). */
function randomLetters(count: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(count)), (b) => String.fromCharCode(97 + (b % 26))).join('');
}

/** Thrown when a check asks for a part that the run cannot make (read-only, or no key to upload). */
export function noFixtures(settings: RunSettings): SetupError {
  return new SetupError(settings.readOnly ? 'a --read-only run uploads no test files' : 'no key can upload to both buckets', []);
}
