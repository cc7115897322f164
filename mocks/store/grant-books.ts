// Bounded maps for what presigned URLs leave behind: download grants and
// uploads. Entries go once their URL expired a grace period ago (so a late
// request still gets the precise 403 "expired"), and the oldest go when a map
// is full, so presigning in a loop cannot grow memory without end. A dropped
// upload is remembered (its token, expiry and whether it was used) for as many
// uploads again, so its URL is told why it is gone rather than "wrong token".

/** How long after its expiry an entry stays, so a late request still learns its URL expired. */
export const GRANT_GRACE_MS = 60 * 60 * 1000;
export const MAX_DOWNLOAD_GRANTS = 20_000;
export const MAX_UPLOADS = 10_000;

const SPENT = new Uint8Array(0);

export interface PendingUpload {
  uploadId: string;
  fileId: string;
  bucketId: string;
  path: string;
  contentType: string;
  size: number;
  sha256?: string;
  token: string;
  expiresAtMs: number;
  /** Set once the bytes arrived (the file exists or waits for upload-complete). */
  received?: Uint8Array;
  /** Set when finishing starts, so two concurrent finishes cannot add the file twice. */
  finished?: boolean;
}

export interface DownloadGrant {
  fileId: string;
  disposition: 'attachment' | 'inline';
  expiresAtMs: number;
}

export interface BookOptions {
  /** The mock's clock; without it entries go only when the map is full. */
  now?: () => number;
  max: number;
}

/** A Map (same get/set/has/delete) that evicts as it grows; insertion order is roughly expiry order. */
export class ExpiringBook<K, V extends { expiresAtMs: number }> extends Map<K, V> {
  constructor(private readonly options: BookOptions) {
    super();
  }

  override set(key: K, value: V): this {
    super.delete(key);
    super.set(key, value);
    this.sweep();
    return this;
  }

  /** Whether an entry may go now (expired past the grace period); subclasses keep some longer. */
  protected evictable(value: V, nowMs: number): boolean {
    return value.expiresAtMs + GRANT_GRACE_MS < nowMs;
  }

  /** Called for each evicted entry. */
  protected evicted(_key: K, _value: V): void {}

  /** Drops expired entries from the oldest on, then the oldest while over the bound: amortised O(1) per set. */
  sweep(): void {
    const nowMs = this.options.now?.();
    for (const [key, value] of this) {
      const full = this.size > this.options.max;
      if (!full && (nowMs === undefined || !this.evictable(value, nowMs))) break;
      super.delete(key);
      this.evicted(key, value);
    }
  }
}

/** Download grants by token. */
export class DownloadBook extends ExpiringBook<string, DownloadGrant> {
  constructor(now?: () => number) {
    super({ now, max: MAX_DOWNLOAD_GRANTS });
  }
}

/** What the book remembers of an upload it dropped. */
export interface DroppedUpload {
  token: string;
  expiresAtMs: number;
  /** Its bytes had arrived. */
  spent: boolean;
}

/** Uploads by id; a finished upload keeps only the fact that it is spent (its bytes live with the file). */
export class UploadBook extends ExpiringBook<string, PendingUpload> {
  private readonly byFile = new Map<string, string>();
  private readonly dropped = new Map<string, DroppedUpload>();

  constructor(
    now: (() => number) | undefined,
    private readonly release: (upload: PendingUpload) => void,
  ) {
    super({ now, max: MAX_UPLOADS });
  }

  override set(uploadId: string, upload: PendingUpload): this {
    this.byFile.set(upload.fileId, uploadId);
    return super.set(uploadId, upload);
  }

  override delete(uploadId: string): boolean {
    const upload = this.get(uploadId);
    if (upload) this.forget(uploadId, upload);
    return super.delete(uploadId);
  }

  /** Marks the upload that made this file as spent: its bytes are dropped (a second PUT still gets 409). */
  spend(fileId: string): void {
    const upload = this.get(this.byFile.get(fileId) ?? '');
    if (upload) {
      upload.finished = true;
      upload.received = SPENT;
    }
  }

  // Bytes that arrived but wait for upload-complete (the upload-needs-complete fault) stay until the map is full.
  protected override evictable(upload: PendingUpload, nowMs: number): boolean {
    return (upload.finished === true || upload.received === undefined) && super.evictable(upload, nowMs);
  }

  protected override evicted(uploadId: string, upload: PendingUpload): void {
    this.forget(uploadId, upload);
    const { token, expiresAtMs } = upload;
    this.dropped.set(uploadId, { token, expiresAtMs, spent: upload.finished === true || upload.received !== undefined });
    // The oldest memory goes first: a bound like the book's own.
    if (this.dropped.size > MAX_UPLOADS) this.dropped.delete(this.dropped.keys().next().value!);
  }

  /** What is known of an upload the book dropped, while it is among the last MAX_UPLOADS dropped. */
  droppedUpload(uploadId: string): DroppedUpload | undefined {
    return this.dropped.get(uploadId);
  }

  private forget(uploadId: string, upload: PendingUpload): void {
    if (this.byFile.get(upload.fileId) === uploadId) this.byFile.delete(upload.fileId);
    this.release(upload);
  }
}
