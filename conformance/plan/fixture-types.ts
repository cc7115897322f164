// The shared test files the engine prepares in parts, and the disposable files a check makes itself.

/** The parts of the shared test files a check can ask for (CheckDef.needs). */
export const SETUP_PARTS = ['allowedFile', 'otherFile', 'foreign', 'listing'] as const;
export type SetupPart = (typeof SETUP_PARTS)[number];

export interface FixtureFile {
  id: string;
  bucketId: string;
  path: string;
  tags: string[];
  description: string | null;
  /** The bytes uploaded, as UTF-8 text. */
  content: string;
}

/** The parts a check asked for (the others are absent). */
export interface SharedFixtures {
  /** False in a read-only run or without the keys to upload. */
  ready: boolean;
  /** Why the files could not be prepared. */
  problem?: string;
  allowedFile?: FixtureFile;
  /** A file of the other bucket, described with `foreign.word`, its path carrying `foreign.marker`. */
  otherFile?: FixtureFile;
  /** What a route that leaks the other bucket would show (bucketIds checks). */
  foreign?: {
    /** A word only the other bucket's test files carry (path and description): what leak checks search for. */
    word: string;
    /** A token only in those files' paths, never sent in a query: finding it (or their ids) in an answer is a leak. */
    marker: string;
    /** A trashed test file of the other bucket, carrying the word and the marker too (when a key can trash there). */
    trashed?: FixtureFile;
  };
  listing?: {
    prefix: string;
    files: FixtureFile[];
    /** Tags only this run uses. */
    tags: { red: string; blue: string };
    /** A word only some listing files carry in their description. */
    word: string;
    /**
     * Files outside `prefix` + "red/" and off `tags.red` that a sloppy filter would list: paths holding that
     * prefix later on, or the same letters in another case; tags holding the red tag inside them.
     */
    decoys: FixtureFile[];
  };
}

export interface DisposableFiles {
  /** Uploads a small file under the run prefix of the bucket; cleaned up at the end of the run. */
  create(
    bucket: 'allowed' | 'other',
    options?: { tags?: string[]; description?: string; trashed?: boolean; path?: string },
  ): Promise<FixtureFile>;
  /** Records a file a check created itself, so it is cleaned up too. */
  adopt(bucket: 'allowed' | 'other', fileId: string, path: string): Promise<void>;
}
