// The server's in-memory state: workspaces, buckets, files with their bytes,
// uploads waiting for bytes, download links, intelligence, automations,
// suggestions, shares, transfers, listing cursors and session cookies.
// Files, automations, suggestions and intelligence are `Lagged`: listings see
// a write only after the consistency lag.
import type { IdKind } from './ids.ts';
import { Lagged } from './lagged.ts';
import type { Key } from './types.ts';

export interface WorkspaceRec {
  id: string;
  name: string;
  plan: 'free' | 'team' | 'enterprise';
  createdAt: string;
}

export interface BucketRec {
  id: string;
  workspaceId: string;
  name: string;
  description: string;
  createdAt: string;
}

export interface FileRec {
  id: string;
  /** Insertion order: listings are in it, and cursors point into it. */
  seq: number;
  workspaceId: string;
  bucketId: string;
  path: string;
  size: number;
  contentType: string;
  sha256: string;
  tags: string[];
  description: string | null;
  status: 'ready' | 'trashed';
  createdAt: string;
  updatedAt: string;
  trashedAt?: string;
}

export interface UploadRec {
  id: string;
  fileId: string;
  workspaceId: string;
  bucketId: string;
  path: string;
  contentType: string;
  size: number;
  expiresAt: number;
  received: boolean;
}

export interface JobRec {
  id: string;
  bucketId: string;
  startedAt: number;
  totalFiles: number;
}

export interface IntelligenceRec {
  bucketId: string;
  enabled: boolean;
  instructions: string | null;
  updatedAt: string;
  job?: JobRec;
}

/** An automation, suggestion, share or transfer: the contract's fields, plus the record's place in insertion order. */
export type Item = { id: string; seq: number; bucketId: string } & Record<string, unknown>;

/** Where a listing cursor points: the listing it was minted for, and the last item shown (or, ranked, the offset). */
export interface CursorState {
  operationId: string;
  /** The bucket (or workspace) listed. */
  bucketId: string;
  after: number;
}

/** The whole state of one server. */
export class World {
  readonly workspaces = new Map<string, WorkspaceRec>();
  readonly buckets = new Map<string, BucketRec>();
  readonly files: Lagged<FileRec>;
  readonly blobs = new Map<string, Buffer>();
  readonly uploads = new Map<string, UploadRec>();
  /** Upload and download links by their secret. */
  readonly uploadLinks = new Map<string, string>();
  readonly downloadLinks = new Map<string, { fileId: string; expiresAt: number; disposition: string }>();
  readonly intelligence: Lagged<IntelligenceRec>;
  readonly automations: Lagged<Item>;
  readonly suggestions: Lagged<Item>;
  readonly shares = new Map<string, Item>();
  readonly transfers = new Map<string, Item>();
  readonly cursors = new Map<string, CursorState>();
  /** Session cookies handed out, with the key each was handed to. */
  readonly sessions = new Map<string, Key>();
  private serial = 0;

  constructor(
    readonly newId: (kind: IdKind) => string,
    lagMs: number,
  ) {
    this.files = new Lagged(lagMs);
    this.intelligence = new Lagged(lagMs);
    this.automations = new Lagged(lagMs);
    this.suggestions = new Lagged(lagMs);
  }

  /** The next place in insertion order. */
  nextSeq(): number {
    return ++this.serial;
  }

  /** The bucket, when it exists and belongs to the workspace. */
  bucketIn(workspaceId: string, bucketId: string): BucketRec | undefined {
    const bucket = this.buckets.get(bucketId);
    return bucket?.workspaceId === workspaceId ? bucket : undefined;
  }

  /** The file, when it is in the bucket and in the status asked for. */
  fileIn(bucketId: string, fileId: string, status: FileRec['status'] = 'ready'): FileRec | undefined {
    const file = this.files.get(fileId);
    return file?.bucketId === bucketId && file.status === status ? file : undefined;
  }

  /** The ready file at a path of a bucket. */
  fileAt(bucketId: string, path: string): FileRec | undefined {
    return this.files.current().find((f) => f.bucketId === bucketId && f.path === path && f.status === 'ready');
  }
}
