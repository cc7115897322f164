// The shared test files, made in parts on first need and at most once per
// run: a check waits only for the parts it reads, so a server without tags
// or trash still gets its upload and prefix checks, and the parts are made
// concurrently instead of in one fixed-budget set-up.
import { overrideOf, type RunSettings } from '../config/config-types.ts';
import type { Api } from '../http/api.ts';
import { callRequest, isSuccess, routeById, type JsonBody } from '../checks/request-builder.ts';
import type { OtherBucketMarkers } from '../oracles/markers.ts';
import { listFiles, pollUntil } from '../checks/read-back.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { DisposableFiles, SetupPart, SharedFixtures } from '../plan/fixture-types.ts';
import { attributed, attributionOf, currentAttribution } from './attribution.ts';
import { SetupError } from '../checks/setup-error.ts';


type Listing = NonNullable<SharedFixtures['listing']>;

/** Makes and remembers the parts of one target's shared test files. */
export class SetupParts {
  private readonly made = new Map<SetupPart, Promise<Partial<SharedFixtures>>>();
  private readonly fileIds = new Map<SetupPart, Set<string>>();
  private readonly token: string;
  // Words no other file of the run holds any part of: a fuzzy search (the agent's, a semantic one) must find only their files.
  private readonly word = `zo${randomLetters(10)}`;
  private readonly marker = `mk${randomLetters(10)}`;
  private readonly listingWord = `zq${randomLetters(10)}`;

  constructor(
    private readonly api: Api,
    private readonly settings: RunSettings,
    private readonly files: DisposableFiles,
    unique: () => string,
    private readonly markers?: OtherBucketMarkers,
  ) {
    this.token = unique();
    markers?.add(this.word, "the word only the other bucket's test files carry");
    markers?.add(this.marker, "the marker in the other bucket's test files");
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
      made = attributed(attribution, () => this.make(part)).finally(() => this.fileIds.set(part, attribution.files));
      // Every waiting check sees the rejection; this keeps an unawaited one from being reported as unhandled.
      made.catch(() => undefined);
      this.made.set(part, made);
    }
    return made;
  }

  private async make(part: SetupPart): Promise<Partial<SharedFixtures>> {
    const { settings, files } = this;
    const description = `Figures about ${this.word}, kept in the other bucket`;
    switch (part) {
      case 'allowedFile':
        return { allowedFile: await files.create('allowed', { path: `${settings.runPrefix}shared/allowed.txt` }) };
      case 'otherFile':
        return {
          otherFile: await files.create('other', { path: `${settings.runPrefix}shared/${this.word}-${this.marker}.txt`, description }),
        };
      case 'foreign': {
        // The trashed one needs a key that can trash in the other bucket; the checks using it declare that need.
        const canTrash = pickHarnessKey(settings.keys, [routeById('trashFiles').scope], settings.buckets.other) !== undefined;
        const trashed = canTrash
          ? await files.create('other', { path: `${settings.runPrefix}shared/trashed-${this.word}-${this.marker}.txt`, description, trashed: true })
          : undefined;
        await Promise.all([this.otherAutomation(), this.otherSuggestion()]);
        return { foreign: { word: this.word, marker: this.marker, trashed } };
      }
      case 'listing':
        return { listing: await this.listing() };
    }
  }

  /** An automation in the other bucket, named with its marker (when a key can create one there); its id becomes a marker too. */
  private async otherAutomation(): Promise<void> {
    const { settings } = this;
    const route = routeById('createAutomation');
    const key = pickHarnessKey(settings.keys, [route.scope], settings.buckets.other);
    if (!key) return;
    const name = `bucketkit ${this.marker} automation`;
    const json: JsonBody<'createAutomation'> = {
      name,
      enabled: false,
      trigger: { event: 'file.uploaded', prefix: `${settings.runPrefix}${this.marker}/` },
      action: { type: 'add_tags', tags: ['bucketkit-probe'] },
    };
    const ex = await this.api.send(callRequest(route, settings, 'other', { json }, { key }));
    if (!isSuccess(ex.status)) return;
    this.markers?.add((ex.json as { id?: string } | undefined)?.id, "the id of the run's automation in the other bucket");
  }

  /** A suggestion in the other bucket about its test file, its reason carrying the marker. */
  private async otherSuggestion(): Promise<void> {
    const { settings } = this;
    const route = routeById('createSuggestion');
    const key = pickHarnessKey(settings.keys, [route.scope], settings.buckets.other);
    if (!key) return;
    const { otherFile } = await this.part('otherFile');
    if (!otherFile) return;
    const json: JsonBody<'createSuggestion'> = {
      fileId: otherFile.id,
      kind: 'add_tags',
      proposal: { tags: ['bucketkit-probe'] },
      reason: `bucketkit ${this.marker} suggestion`,
    };
    const ex = await this.api.send(callRequest(route, settings, 'other', { json }, { key }));
    if (!isSuccess(ex.status)) return;
    this.markers?.add((ex.json as { id?: string } | undefined)?.id, "the id of the run's suggestion in the other bucket");
  }

  /** The listing test files: prefix, tag and search targets, and decoys that only a sloppy filter would list. */
  private async listing(): Promise<Listing> {
    const { settings, files, token } = this;
    const tags = { red: `bk-${token}-red`, blue: `bk-${token}-blue` };
    const word = this.listingWord;
    const prefix = `${settings.runPrefix}list/`;
    const make = (path: string, tagList: string[], description?: string) =>
      files.create('allowed', { path, tags: tagList.length ? tagList : undefined, description });
    const listed = await Promise.all([
      make(`${prefix}red/one.txt`, [tags.red], `Quarterly ${word} figures`),
      make(`${prefix}red/two.txt`, [tags.red, tags.blue]),
      make(`${prefix}blue/three.txt`, [tags.blue], 'Nothing to find here'),
      make(`${prefix}blue/${word}-four.txt`, []),
      // Decoys under the listing prefix: the "red/" folder in another case, and tags holding the red tag.
      make(`${prefix}Red/five.txt`, []),
      make(`${prefix}blue/six.txt`, [`${tags.red}2`]),
      make(`${prefix}blue/seven.txt`, [`x${tags.red}`]),
    ]);
    // A path holding the "red/" prefix later on, not at its start.
    const inner = await make(`${settings.runPrefix}decoy/${prefix}red/eight.txt`, []);
    const listing = { prefix, files: listed, tags, word, decoys: [listed[4], listed[5], listed[6], inner] };
    await this.untilTagsListed(listing);
    return listing;
  }

  /** Waits until a tag filter lists the files just tagged with it: the seed does not say a tag is searchable at once. */
  private async untilTagsListed(listing: Listing): Promise<void> {
    const { api, settings } = this;
    const key = pickHarnessKey(settings.keys, [routeById('listFiles').scope], settings.buckets.allowed);
    if (!key) return;
    const windowMs = overrideOf(settings.overrides, 'consistencyWindowMs');
    for (const tag of Object.values(listing.tags)) {
      const want = listing.files.filter((f) => f.tags.includes(tag)).map((f) => f.path);
      const seen = await pollUntil(async () => {
        const { items } = await listFiles(api, settings, key, 'allowed', { tag, prefix: listing.prefix });
        return want.every((path) => items.some((f) => f.path === path));
      }, windowMs);
      // Past the window the listing checks judge what the server shows; the tag checks then fail with the listing.
      if (!seen) return;
    }
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
