// What belongs to the other bucket: the ids and marker strings of everything
// the run put there (test files, the trashed one, an automation, a
// suggestion) and the ids a full key saw listed there (shares, transfers, and
// in a --read-only run everything). An answer to a key barred from that bucket
// that shows one of them, when its request did not carry it, leaks it.

export interface Marker {
  value: string;
  /** What it marks, for the failure text, e.g. "the id of test file x.txt". */
  what: string;
}

/** The markers of the other bucket, added to as the run creates or discovers its resources. */
export class OtherBucketMarkers {
  private readonly byValue = new Map<string, Marker>();

  /** Adds a marker (ignored when shorter than 6 characters: too likely to occur by chance). */
  add(value: string | undefined, what: string): void {
    if (!value || value.length < 6 || this.byValue.has(value)) return;
    this.byValue.set(value, { value, what });
  }

  all(): Marker[] {
    return [...this.byValue.values()];
  }

  /** The first marker the answer shows that the request did not carry. */
  shownIn(answer: string, request: string): Marker | undefined {
    for (const marker of this.byValue.values()) if (answer.includes(marker.value) && !request.includes(marker.value)) return marker;
    return undefined;
  }
}
