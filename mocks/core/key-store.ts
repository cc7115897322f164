// The mock's API keys: the preset keys shown in the banner (derived from the
// seed, so they survive restarts and resets) and keys minted over the control
// API (forgotten on reset).

export interface ApiKey {
  scopes: ReadonlySet<string>;
  /** null: every bucket. */
  bucketIds: ReadonlySet<string> | null;
}

export interface KeySpec {
  scopes: readonly string[];
  bucketIds: readonly string[] | null;
}

function randomHex(bytes: number): string {
  const buf = new Uint8Array(bytes);
  crypto.getRandomValues(buf);
  return Array.from(buf, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A deterministic 24-hex-digit string from a seed and a label (FNV-1a, three rounds). */
function seededHex(seed: number, label: string): string {
  let out = '';
  for (let round = 0; round < 3; round++) {
    let h = 0x811c9dc5 ^ round;
    for (const c of `${seed}:${label}:${round}`) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193);
    out += (h >>> 0).toString(16).padStart(8, '0');
  }
  return out;
}

const toKey = (spec: KeySpec): ApiKey => ({
  scopes: new Set(spec.scopes),
  bucketIds: spec.bucketIds === null ? null : new Set(spec.bucketIds),
});

export class KeyStore {
  private readonly preset = new Map<string, ApiKey>();
  private readonly minted = new Map<string, ApiKey>();

  /** Registers a preset key whose token depends only on the seed and the label. */
  addPreset(seed: number, label: string, spec: KeySpec): string {
    const token = `bk_${label}_${seededHex(seed, label)}`;
    this.preset.set(token, toKey(spec));
    return token;
  }

  /** Mints a key: a new random token, or the caller's own (one a test suite wants to know in advance). */
  mint(spec: KeySpec, token = `bk_test_${randomHex(16)}`): string {
    this.minted.set(token, toKey(spec));
    return token;
  }

  lookup(token: string): ApiKey | undefined {
    return this.minted.get(token) ?? this.preset.get(token);
  }

  forgetMinted(): void {
    this.minted.clear();
  }
}
