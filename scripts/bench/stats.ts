// Small statistics used by the bench: percentiles, medians and ratios.

/** The p-th percentile (0–100) of the values, nearest-rank method; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (p < 0 || p > 100) throw new Error(`percentile must be within 0..100, got ${p}`);
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1];
}

/** The median (p50) of the values. */
export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** a / b, or NaN when either side is not a positive measurement. */
export function ratio(a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) return Number.NaN;
  return a / b;
}
