// Finds the known name closest to a misspelt one (edit distance), so an
// error can say "did you mean seed?" instead of only "unknown".

/** Levenshtein distance between two short strings. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length];
}

/** The known name nearest to `name` (case-insensitive), ties to the first; undefined when none is known. */
export function nearestName(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(name.toLowerCase(), candidate.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [candidate, d];
  }
  return best;
}

/** `"seeed" is not an option of setupMockServer; did you mean "seed"? Options: ...` for each unknown key, or undefined. */
export function unknownNamesMessage(given: readonly string[], known: readonly string[], where: string): string | undefined {
  const unknown = given.filter((name) => !known.includes(name));
  if (unknown.length === 0) return undefined;
  const lines = unknown.map((name) => `"${name}" is not ${where}; did you mean "${nearestName(name, known)}"?`);
  return `${lines.join(' ')} Known: ${known.join(', ')}.`;
}

/** Throws when an options object has a key that is not a known option, naming it and the nearest known one. */
export function checkOptionNames(options: object | undefined, known: readonly string[], where: string): void {
  if (options === undefined || options === null) return;
  if (typeof options !== 'object' || Array.isArray(options))
    throw new Error(`${where} takes an options object, got ${JSON.stringify(options)}.`);
  const message = unknownNamesMessage(Object.keys(options), known, `an option of ${where}`);
  if (message) throw new Error(message);
}
