// Replaces every run of 8 or more characters of a key form in a text, across line breaks,
// escapes and JSON string boundaries, keeping the layout between the pieces of a run.
import { createRunFinder, MIN_RUN, type KeyRun } from './key-runs.ts';
import { skeletonOf, type Skeleton } from './text-skeleton.ts';

export interface FragmentMatcher {
  /** The text with each piece of every run replaced by `replacement(key)`. */
  redact(text: string): string;
  /** The indexes of the keys a run of which the text holds. */
  keysIn(text: string): number[];
}

/** Which key owns each skeleton character: the longest run covering it (-1: none). */
function owners(sk: Skeleton, runs: KeyRun[]): Int32Array {
  const owner = new Int32Array(sk.length).fill(-1);
  // Longest first: where the keys of a run share a prefix, the key that goes on longer names the run.
  for (const run of [...runs].sort((a, b) => b.end - b.start - (a.end - a.start))) {
    for (let k = run.start; k < run.end; k++) if (owner[k] < 0) owner[k] = run.key;
  }
  return owner;
}

/**
 * A matcher for the runs of the given keys' forms; `replacement` is what a piece of a run of key i becomes.
 * Pieces of `names` (key names, env vars) are public in every key; `leakBits`: see createRunFinder.
 */
export function createFragmentMatcher(
  tokens: string[],
  replacement: (key: number) => string,
  names: readonly string[] = [],
  leakBits = 0,
): FragmentMatcher {
  const findRuns = createRunFinder(tokens, names, leakBits);
  const scan = (text: string) => {
    const sk = skeletonOf(text);
    return { sk, runs: findRuns(sk) };
  };
  return {
    redact(text) {
      if (text.length < MIN_RUN) return text;
      const { sk, runs } = scan(text);
      if (runs.length === 0) return text;
      const owner = owners(sk, runs);
      let out = '';
      let copied = 0;
      for (let k = 0; k < sk.length;) {
        const key = owner[k];
        if (key < 0) {
          k++;
          continue;
        }
        // One piece: skeleton characters of one key whose originals touch. What was taken out
        // between two pieces (a line break, `","b":"`, `\n`) stays, so JSON stays JSON.
        const from = sk.start[k];
        let to = sk.endOf(k++);
        while (k < sk.length && owner[k] === key && sk.start[k] <= to) to = Math.max(to, sk.endOf(k++));
        const mark = replacement(key);
        out += text.slice(copied, Math.max(copied, from));
        // A piece right after the same marker (the whole-form pass took the key's start) joins it.
        if (!out.endsWith(mark)) out += mark;
        copied = to;
      }
      return out + text.slice(copied);
    },
    keysIn(text) {
      if (text.length < MIN_RUN) return [];
      return [...new Set(scan(text).runs.map((r) => r.key))];
    },
  };
}
