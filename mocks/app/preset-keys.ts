// The three keys every mock makes for its banner: derived from the seed, so a
// frontend can keep them in a .env file across restarts and resets.
import { KeyStore } from '../core/key-store.ts';

export interface PresetKeys {
  /** Every scope, every bucket. */
  full: string;
  /** Every `:read` scope, every bucket. */
  readOnly: string;
  /** Every scope, only the first bucket of the first workspace. */
  oneBucket: string;
}

/** A key store holding the preset keys. */
export function createPresetKeys(
  seed: number,
  knownScopes: readonly string[],
  firstBucketId: string,
): { keys: KeyStore; presetKeys: PresetKeys } {
  const keys = new KeyStore();
  const presetKeys: PresetKeys = {
    full: keys.addPreset(seed, 'full', { scopes: knownScopes, bucketIds: null }),
    readOnly: keys.addPreset(seed, 'read', { scopes: knownScopes.filter((s) => s.endsWith(':read')), bucketIds: null }),
    oneBucket: keys.addPreset(seed, 'bucket', { scopes: knownScopes, bucketIds: [firstBucketId] }),
  };
  return { keys, presetKeys };
}
