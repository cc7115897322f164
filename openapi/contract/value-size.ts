// Tells a small JSON value from a large one without walking all of it: a
// failing request body is checked for every error only when it is small.

/** A failing body above this size (bytes, when known) or this many JSON values gets its first error only, not every error. */
const FULL_CHECK_MAX_BYTES = 64 * 1024;
const FULL_CHECK_MAX_NODES = 2000;

/** Whether the value holds at most `limit` JSON values (stops counting early). */
function smallValue(value: unknown, limit: number): boolean {
  const stack: unknown[] = [value];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (++count > limit) return false;
    if (Array.isArray(node)) {
      if (count + node.length > limit) return false;
      for (const child of node) stack.push(child);
    } else if (node && typeof node === 'object') {
      const keys = Object.keys(node);
      if (count + keys.length > limit) return false;
      for (const key of keys) stack.push((node as Record<string, unknown>)[key]);
    }
  }
  return true;
}

/** Whether a failing body is too large to be checked for every error: over 64 KiB when its size is known, else over 2,000 JSON values. */
export function isLargeBody(value: unknown, bodyBytes?: number): boolean {
  return bodyBytes !== undefined ? bodyBytes > FULL_CHECK_MAX_BYTES : !smallValue(value, FULL_CHECK_MAX_NODES);
}
