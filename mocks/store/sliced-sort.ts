// A merge sort that hands the event loop back between slices: sorting the
// 200k files of the largest bucket at once holds a server for a quarter of a
// second, so the background builder sorts short runs and merges them a few
// thousand items at a time, letting `maybePause` decide when to yield.

/** Items sorted natively at once: a few milliseconds each. */
const RUN = 8192;
/** Items merged between two calls to `maybePause`. */
const MERGE_STEP = 4096;

/** A sorted copy of `items` (stable), built with `maybePause()` called between short slices of work. */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, maybePause: () => Promise<void>): Promise<T[]> {
  let from = items.slice();
  for (let lo = 0; lo < from.length; lo += RUN) {
    const run = from.slice(lo, lo + RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[lo + i] = run[i];
    await maybePause();
  }
  let to = new Array<T>(from.length);
  for (let width = RUN; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi;) {
        const stop = Math.min(hi, k + MERGE_STEP);
        // Ties take the left run first, so equal items keep their order.
        while (k < stop) to[k++] = j >= hi || (i < mid && compare(from[i], from[j]) <= 0) ? from[i++] : from[j++];
        await maybePause();
      }
    }
    [from, to] = [to, from];
  }
  return from;
}
