// What the learner makes of one gap: the deployment's choice with the evidence
// for it, or why the run showed none; and the tally every reader votes with.
import type { ExchangeView } from '../oracles/exchange-view.ts';

/** One learned choice: its value and what showed it, or why nothing was learned. */
export type Learned<T> = { value: T; evidence: string } | { value?: undefined; why: string };

/** The counts of each answer seen, in the order first seen. */
export class Tally<T> {
  private readonly counts = new Map<T, number>();
  add(value: T): void {
    this.counts.set(value, (this.counts.get(value) ?? 0) + 1);
  }
  get total(): number {
    return [...this.counts.values()].reduce((a, b) => a + b, 0);
  }
  count(value: T): number {
    return this.counts.get(value) ?? 0;
  }
  /** The most frequent value (the first seen on a tie), or undefined when nothing was counted. */
  top(): T | undefined {
    let best: T | undefined;
    let most = 0;
    for (const [value, n] of this.counts) if (n > most) [best, most] = [value, n];
    return best;
  }
  /** `403 ×12, 404 ×1`: what was seen, for the evidence line. */
  describe(show: (value: T) => string = String): string {
    return [...this.counts].map(([value, n]) => `${show(value)} ×${n}`).join(', ');
  }
}

/** The path of an exchange under the base URL, or undefined when it went elsewhere (a presigned URL). */
export function apiPath(view: ExchangeView, baseUrl: string): string | undefined {
  const url = new URL(view.entry.url);
  const base = new URL(baseUrl);
  const root = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(root)) return undefined;
  return url.pathname.slice(root.length) || '/';
}

/** The answer's media type, lower case, without parameters ('' when there is none). */
export const mediaTypeOf = (view: ExchangeView): string => (view.entry.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
