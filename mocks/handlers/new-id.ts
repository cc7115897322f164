// Ids for things created at run time (uploads, runs, jobs, ...): random, in
// the same prefixed shape as the seeded ids.

/** A new id like `upl_3f9a0c7d2e1b`. */
export function newId(prefix: string): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return `${prefix}_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A URL-safe secret for presigned URLs. */
export function newToken(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
