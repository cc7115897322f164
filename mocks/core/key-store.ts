// The mock's API keys: the preset keys shown in the banner (derived from the
// seed, so they survive restarts and resets), the keys of the fixtures (kept
// across resets too) and keys minted over the control API (forgotten on
// reset). Every key has a name, which is what logs show instead of its token.

export interface ApiKey {
  /** What the request log and scenarios call the key (`full`, `minted-3`, a fixture key's name); never its token. */
  name: string;
  scopes: ReadonlySet<string>;
  /** null: every bucket. */
  bucketIds: ReadonlySet<string> | null;
}

export interface KeySpec {
  scopes: readonly string[];
  bucketIds: readonly string[] | null;
  /** The key's name in the request log; minted keys without one are `minted-1`, `minted-2`, ... */
  name?: string;
}

/** A key name: 1 to 64 letters, digits, spaces and `._:@-`, starting with a letter or digit. */
export const KEY_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._:@-]{0,63}$/;

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A deterministic 24-hex-digit string from a seed and a label (FNV-1a, three rounds). */
export function seededHex(seed: number, label: string): string {
  let out = '';
  for (let round = 0; round < 3; round++) {
    let h = 0x811c9dc5 ^ round;
    for (const c of `${seed}:${label}:${round}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

const toKey = (spec: KeySpec, name: string): ApiKey => ({
  name,
  scopes: new Set(spec.scopes),
  bucketIds: spec.bucketIds === null ? null : new Set(spec.bucketIds),
});

export class KeyStore {
  private readonly preset = new Map<string, ApiKey>();
  private readonly minted = new Map<string, ApiKey>();
  private mintedCount = 0;

  /** Registers a preset key whose token depends only on the seed and the label (unless `token` is given); it survives resets. */
  addPreset(seed: number, label: string, spec: KeySpec & { name: string }, token = `bk_${label}_${seededHex(seed, label)}`): string {
    this.preset.set(token, toKey(spec, spec.name));
    return token;
  }

  /** Mints a key: a new random token, or the caller's own (one a test suite wants to know in advance). */
  mint(spec: KeySpec, token = `bk_test_${randomHex(16)}`): string {
    this.mintedCount += 1;
    this.minted.set(token, toKey(spec, spec.name ?? `minted-${this.mintedCount}`));
    return token;
  }

  /** Every token this store knows (to blank them out of anything recorded). */
  tokens(): string[] {
    return [...this.preset.keys(), ...this.minted.keys()];
  }

  lookup(token: string): ApiKey | undefined {
    return this.minted.get(token) ?? this.preset.get(token);
  }

  forgetMinted(): void {
    this.minted.clear();
  }
}
