// The embedded mock's keys, as data: which keys a run against it mints (the
// kit's key plan: full, readonly, restricted to a bucket, one per scope), their
// tokens, and the overrides its config carries. Kept apart from starting the
// mock so that a Playwright worker, which only plans the run, never loads the
// mock server.
import { listScopes } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { defaultTokenEnv } from '../config/load-config.ts';
import { weakTokenReasons } from '../config/token-strength.ts';
import { keyPlan, type PlannedKey } from '../../mocks/app/key-plan.ts';

/** The embedded mock's scopes, from the spec. */
export function embeddedScopes(): string[] {
  return listScopes(loadBundledSpec()).map((s) => s.scope);
}

/** The keys to mint: the kit's key plan (the HTTP mock's banner keys too), `allowed` the bucket of `restricted`. */
export function embeddedKeyPlan(scopes: string[], allowed: string): PlannedKey[] {
  return keyPlan(scopes, allowed);
}

/**
 * Tokens for the embedded keys, by key name, for callers that start several mocks with the same keys. A token
 * that holds a key name by chance (`full` in 32 random characters) is drawn again: the config would refuse it.
 */
export function embeddedTokens(scopes: string[] = embeddedScopes()): Record<string, string> {
  const keys = embeddedKeyPlan(scopes, '').map((key) => ({ name: key.name, env: defaultTokenEnv(key.name), token: '' }));
  for (const key of keys) {
    do key.token = `bk_test_${randomBase62(32)}`;
    while (weakTokenReasons(key, keys).length > 0);
  }
  return Object.fromEntries(keys.map((key) => [key.name, key.token]));
}

/** The kit's mocks show every write at once: a short consistency window keeps refused-write checks from idling. */
export const EMBEDDED_OVERRIDES = { consistencyWindowMs: 1000 };

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random letters and digits, as real API keys are: every 8 characters carry about 47 bits, so the leak scan's
 * rule (any 8 characters of a key) never fires by chance on a report's other text; hex (32 bits) could.
 */
function randomBase62(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => BASE62[b % 62]).join('');
}
