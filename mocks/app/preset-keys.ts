// The keys every mock makes for its banner, one per key of the kit's plan (key-plan.ts): their tokens derive from
// the seed, so a frontend can keep them in a .env file across restarts and resets.
import { KeyStore, seededHex } from '../core/key-store.ts';
import { keyPlan, restrictedBucketOf, type PlanWorkspace, type PlannedKey } from './key-plan.ts';

/** The preset keys' tokens by key name: `full`, `readonly`, `restricted` and one `only-<scope>` per scope. */
export type PresetKeys = {
  /** Every scope, every bucket. */
  readonly full: string;
  /** Every `:read` scope, every bucket. */
  readonly readonly: string;
  /** Every scope, only the first bucket of the first workspace holding two (else the first bucket; else none). */
  readonly restricted: string;
  /** `only-files-read` and the like: that scope alone, every bucket. */
  readonly [name: `only-${string}`]: string;
};

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Whether `token` holds a name (4 or more characters), or 8 characters in a row of a longer one, in any letter case. */
function holdsName(token: string, names: readonly string[]): boolean {
  const lower = token.toLowerCase();
  return names.some((name) => {
    const size = Math.min(name.length, 8);
    if (name.length < 4) return false;
    for (let i = 0; i + size <= name.length; i++) if (lower.includes(name.slice(i, i + size).toLowerCase())) return true;
    return false;
  });
}

/**
 * A key's token from the seed and its name: 32 base62 characters after `bk_test_`, as random as a service's keys
 * look to the conformance suite's redactor. A draw that holds a key name by chance (which the suite would refuse as
 * too guessable) is drawn again.
 */
function presetToken(seed: number, name: string, names: readonly string[]): string {
  for (let draw = 0; ; draw++) {
    const hex = Array.from({ length: 4 }, (_, round) => seededHex(seed, `preset:${name}:${draw}:${round}`)).join('');
    let random = '';
    for (let i = 0; i < 32; i++) random += BASE62[parseInt(hex.slice(i * 3, i * 3 + 3), 16) % 62];
    const token = `bk_test_${random}`;
    if (!holdsName(random, names)) return token;
  }
}

/** A key store holding the plan's keys for a world's workspaces; returns their tokens by name and the plan itself. */
export function createPresetKeys(
  seed: number,
  knownScopes: readonly string[],
  workspaces: readonly PlanWorkspace[],
): { keys: KeyStore; presetKeys: PresetKeys; plan: PlannedKey[] } {
  const keys = new KeyStore();
  const plan = keyPlan(knownScopes, restrictedBucketOf(workspaces));
  const names = plan.map((key) => key.name);
  const tokens = Object.fromEntries(plan.map((key) => [key.name, keys.addPreset(seed, key.name, key, presetToken(seed, key.name, names))]));
  return { keys, presetKeys: tokens as unknown as PresetKeys, plan };
}
