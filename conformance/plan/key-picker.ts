// Chooses, from the configured keys, the ones a check needs (by scopes held or
// lacked and buckets reached), and says which key would enable a check when none fits.
import type { ResolvedKey } from '../config/config-types.ts';
import { holdsScope, reachesBucket as reaches } from '../oracles/who-may-call.ts';
import type { KeyNeed } from './check-types.ts';

export interface BucketPair {
  allowed: string;
  other: string;
}

/** Whether a key satisfies a need. */
export function fits(key: ResolvedKey, need: KeyNeed, buckets: BucketPair): boolean {
  if (need.holds && !need.holds.every((s) => holdsScope(key, s))) return false;
  if (need.lacks && holdsScope(key, need.lacks)) return false;
  if (need.reaches && !need.reaches.every((b) => reaches(key, buckets[b]))) return false;
  if (need.barredFrom && reaches(key, buckets[need.barredFrom])) return false;
  return true;
}

/**
 * The keys for a need: every fitting key when `every`, else the one with the
 * fewest scopes (a minimal key proves the scope alone suffices), by name on ties;
 * keys barred from `preferBarredFrom` come first.
 */
export function pickKeys(keys: ResolvedKey[], need: KeyNeed, buckets: BucketPair): string[] {
  const barred = (k: ResolvedKey) => (need.preferBarredFrom && !reaches(k, buckets[need.preferBarredFrom]) ? 0 : 1);
  const fitting = keys
    .filter((k) => fits(k, need, buckets))
    .sort((a, b) => barred(a) - barred(b) || (a.scopes.length - b.scopes.length) * (need.widest ? -1 : 1) || a.name.localeCompare(b.name));
  if (need.every) return fitting.map((k) => k.name);
  return fitting.slice(0, 1).map((k) => k.name);
}

/** Describes the key that would satisfy a need, for a skip reason. */
export function describeNeed(need: KeyNeed, buckets: BucketPair): string {
  const parts: string[] = [];
  if (need.holds?.length) parts.push(`holding ${need.holds.join(' + ')}`);
  if (need.lacks) parts.push(`without ${need.lacks}`);
  const bucketIds = need.barredFrom
    ? `["${buckets.allowed}"]`
    : need.reaches?.includes('other')
      ? 'null'
      : `null or including "${buckets.allowed}"`;
  parts.push(`with bucketIds ${bucketIds}`);
  return `a key ${parts.join(', ')}`;
}

/** The key with the most scopes that holds `scopes` and reaches the bucket; for set-up and read-back. */
export function pickHarnessKey(keys: ResolvedKey[], scopes: string[], bucketId: string | undefined): string | undefined {
  return keys
    .filter((k) => scopes.every((s) => holdsScope(k, s)) && (bucketId === undefined || reaches(k, bucketId)))
    .sort((a, b) => b.scopes.length - a.scopes.length || a.name.localeCompare(b.name))[0]?.name;
}
