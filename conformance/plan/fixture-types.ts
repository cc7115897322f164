// The data the set-up project prepares and the per-worker disposable files.

export interface FixtureFile {
  id: string;
  bucketId: string;
  path: string;
  tags: string[];
  description: string | null;
  /** The bytes uploaded, as UTF-8 text. */
  content: string;
}

/** Written by the set-up project to the run directory; read by every worker. */
export interface SharedFixtures {
  /** False in a read-only run or without the keys to upload. */
  ready: boolean;
  /** Why the files could not be prepared. */
  problem?: string;
  allowedFile?: FixtureFile;
  otherFile?: FixtureFile;
  listing?: {
    prefix: string;
    files: FixtureFile[];
    /** Tags only this run uses. */
    tags: { red: string; blue: string };
    /** A word only some listing files carry in their description. */
    word: string;
  };
}

export interface DisposableFiles {
  /** Uploads a small file under the run prefix of the bucket; cleaned up when the worker ends. */
  create(bucket: 'allowed' | 'other', options?: { tags?: string[]; trashed?: boolean; path?: string }): Promise<FixtureFile>;
  /** Records a file a check created itself, so it is cleaned up too. */
  adopt(bucket: 'allowed' | 'other', fileId: string, path: string): Promise<void>;
}
