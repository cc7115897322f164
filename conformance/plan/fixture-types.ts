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
  /** The bytes uploaded, as UTF-8 text (empty for a borrowed file: the run never read them). */
  content: string;
  /**
   * A file already listed in the bucket, not the run's own (the deployment took no upload): a check may change only
   * its tags and description, which the cleanup puts back as they were; never trash, move or purge it.
   */
  borrowed?: Borrowed;
}

/** Why the run used the bucket's own files: the upload that failed, and the checks whose rule that rests on. */
export interface Borrowed {
  why: string;
  blame: string[];
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
    /** Why there is no trashed file although a key could trash there (the deployment refused a step): only the checks of it are not run. */
    trashRefused?: Borrowed;
  };
  listing?: {
    /** The folder of the listing files: under it, red/ holds three files tagged `tags.red`, so a filtered listing spans pages of two. */
    prefix: string;
    /** The folder the prefix checks list (`<prefix>red/`), and prefixes cutting a segment or a name short in it. */
    folder: string;
    partial: string[];
    /** A prefix narrowing a tag listing to the files the part knows (the run's prefix); none for a borrowed listing. */
    narrow?: string;
    /** Read from the files the bucket already holds (the deployment took no upload): only checks that can judge any files use it. */
    borrowed?: Borrowed;
    files: FixtureFile[];
    /** Tags only this run uses. */
    tags: { red: string; blue: string };
    /** A word only some listing files carry (in a description, in a path). */
    word: string;
    /** Files outside `prefix` that a sloppy filter would list (a path holding the prefix later on). */
    outside: FixtureFile[];
    /** Prefixes holding characters a pattern reading treats specially, judged against "begins with". */
    literal: LiteralPrefixes;
  };
}

/** A prefix holding a character a regular-expression, glob or SQL LIKE reading treats specially. */
export interface LiteralCase {
  /** The character, e.g. `%`. */
  char: string;
  /** The whole prefix asked for. */
  prefix: string;
  /** The path that begins with the prefix, and the decoy only a pattern reading of the character lists. */
  file: string;
  decoy: string;
  /** The reading that would list the decoy, for a failure message. */
  reading: string;
}

export interface LiteralPrefixes {
  cases: LiteralCase[];
  /** The files made for the cases: one beginning with each prefix, and a decoy only that reading would list. */
  files: FixtureFile[];
  /** Paths the deployment would not take (an upload refused or never listed), and why: their cases are not proven. */
  refused: { path: string; why: string }[];
}

export interface DisposableFiles {
  /**
   * Uploads a small file under the run prefix of the bucket; cleaned up at the end of the run. With `orBorrowed`
   * (for a caller that only reads the file or changes its tags and description), a file already listed in the bucket
   * when the deployment takes no upload: test data from the cheapest route it serves. With `describeIfServed`, a
   * deployment that will not set the tags and description (updateFile refused or not served) gives the file without
   * them, for a caller that can do without.
   */
  create(
    bucket: 'allowed' | 'other',
    options?: { tags?: string[]; description?: string; trashed?: boolean; path?: string; orBorrowed?: boolean; describeIfServed?: boolean },
  ): Promise<FixtureFile>;
  /** Records a file a check created itself, so it is cleaned up too. */
  adopt(bucket: 'allowed' | 'other', fileId: string, path: string): Promise<void>;
}
