// Simulated network latency for frontend work: a fixed delay or a range.

/** Milliseconds, or an inclusive [min, max] range picked per request. */
export type Latency = number | readonly [number, number];

/** Throws a clear error for a latency that is not 0–60000 ms. */
export function checkLatency(latency: Latency | undefined): void {
  if (latency === undefined) return;
  const values = typeof latency === 'number' ? [latency] : [...latency];
  const valid =
    values.length >= 1 &&
    values.length <= 2 &&
    values.every((v) => Number.isFinite(v) && v >= 0 && v <= 60_000) &&
    (values.length === 1 || values[0] <= values[1]);
  if (!valid)
    throw new Error(
      `latencyMs must be a number of milliseconds from 0 to 60000, or a [min, max] range of them; got ${JSON.stringify(latency)}.`,
    );
}

/** Waits the configured latency. */
export function delay(latency: Latency): Promise<void> {
  const ms = typeof latency === 'number' ? latency : latency[0] + Math.random() * (latency[1] - latency[0]);
  return new Promise((resolve) => setTimeout(resolve, ms));
}
