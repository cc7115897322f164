// A collection of records whose reads come in two kinds: `current` (what the
// server's own writes act on) and `settled` (what listings show). With a lag,
// a write reaches the settled view only after that many milliseconds, as on a
// store whose list index is updated late. Records are never changed in place:
// every write stores a new object.

interface Pending<T> {
  at: number;
  id: string;
  value: T | undefined;
}

/** Records by id, with listings that lag behind writes by `lagMs`. */
export class Lagged<T> {
  private readonly now = new Map<string, T>();
  private readonly settledView = new Map<string, T>();
  private readonly pending: Pending<T>[] = [];

  constructor(private readonly lagMs: number) {}

  get(id: string): T | undefined {
    return this.now.get(id);
  }

  /** Every record as the server's writes left it. */
  current(): T[] {
    return [...this.now.values()];
  }

  /** Stores (or replaces) a record. */
  set(id: string, value: T): void {
    this.now.set(id, value);
    this.record(id, value);
  }

  delete(id: string): void {
    this.now.delete(id);
    this.record(id, undefined);
  }

  /** Every record as listings show it: writes older than the lag only. */
  settled(): T[] {
    if (this.lagMs === 0) return this.current();
    const cutoff = Date.now() - this.lagMs;
    while (this.pending.length > 0 && this.pending[0].at <= cutoff) {
      const { id, value } = this.pending.shift()!;
      if (value === undefined) this.settledView.delete(id);
      else this.settledView.set(id, value);
    }
    return [...this.settledView.values()];
  }

  /** One record as listings show it. */
  settledOne(id: string): T | undefined {
    if (this.lagMs === 0) return this.now.get(id);
    this.settled();
    return this.settledView.get(id);
  }

  private record(id: string, value: T | undefined): void {
    if (this.lagMs > 0) this.pending.push({ at: Date.now(), id, value });
  }
}
