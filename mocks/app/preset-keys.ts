// The three keys every mock makes for its banner: derived from the seed, so a
// frontend can keep them in a .env file across restarts and resets.
import { KeyStore } from '../core/key-store.ts';

export interface PresetKeys {
  /** Every scope, every bucket. */
  full: string;
  /** Every `:read` scope, every bucket. */
  readOnly: string;
  /** Every scope, only the first bucket of the first workspace (no bucket at all in a world without buckets). */
  oneBucket: string;
}

/** The names the request log gives the preset keys; a fixture key may not take them. */
export const PRESET_KEY_NAMES = ['full', 'read-only', 'one-bucket'] as const;

/** A key store holding the preset keys. */
export function createPresetKeys(
  seed: number,
  knownScopes: readonly string[],
  firstBucketId: string | undefined,
): { keys: KeyStore; presetKeys: PresetKeys } {
  const keys = new KeyStore();
  const [full, readOnly, oneBucket] = PRESET_KEY_NAMES;
  const presetKeys: PresetKeys = {
    full: keys.addPreset(seed, 'full', { name: full, scopes: knownScopes, bucketIds: null }),
    readOnly: keys.addPreset(seed, 'read', { name: readOnly, scopes: knownScopes.filter((s) => s.endsWith(':read')), bucketIds: null }),
    oneBucket: keys.addPreset(seed, 'bucket', { name: oneBucket, scopes: knownScopes, bucketIds: firstBucketId ? [firstBucketId] : [] }),
  };
  return { keys, presetKeys };
}
