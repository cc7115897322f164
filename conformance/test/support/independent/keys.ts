// The server's API keys: a full key, a read-only key (the read scopes only)
// and a key restricted to the allowed bucket, each with a random secret of 40
// letters and digits that never holds the key's name. Scopes come from the
// contract's scheme, never typed here.
import { listScopes } from '../../../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../../../openapi/contract/load-spec.ts';
import { randomText } from './ids.ts';
import type { Key } from './types.ts';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random secret for a key: 40 letters and digits after `ik_`, none spelling the key's name. */
export function newSecret(name: string): string {
  for (;;) {
    const token = `ik_${randomText(40, BASE62)}`;
    if (!token.toLowerCase().includes(name.toLowerCase())) return token;
  }
}

/** Keys by their secret, compared exactly. */
export class KeyRing {
  private readonly byToken = new Map<string, Key>();

  constructor(readonly keys: readonly Key[]) {
    for (const key of keys) this.byToken.set(key.token, key);
  }

  /** The key whose secret this is, exactly. */
  find(token: string): Key | undefined {
    return this.byToken.get(token);
  }
}

/** The server's three keys: full, readonly and restricted (to `allowedBucket`). */
export function makeKeys(allowedBucket: string): Key[] {
  const scopes = listScopes(loadBundledSpec()).map((s) => s.scope);
  const key = (name: string, held: string[], bucketIds: string[] | null): Key => ({
    name,
    token: newSecret(name),
    scopes: new Set(held),
    bucketIds,
  });
  return [
    key('full', scopes, null),
    key(
      'readonly',
      scopes.filter((s) => s.endsWith(':read')),
      null,
    ),
    key('restricted', scopes, [allowedBucket]),
  ];
}

/** Whether the key may reach the bucket. */
export const reaches = (key: Key, bucketId: string): boolean => key.bucketIds === null || key.bucketIds.includes(bucketId);
