// With no config, the suite tests the embedded mock: started in-process on an
// ephemeral port, its seeded ids read from /__mock/info and its keys minted
// through /__mock/keys (one full, one read-only, one restricted to a bucket,
// and one per scope holding only that scope).
import { listScopes } from '../../openapi/contract/route-table.ts';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { startMockServer } from '../../mocks/http/start-mock-server.ts';
import type { SuiteConfig } from '../config/config-types.ts';
import { defaultTokenEnv } from '../config/load-config.ts';
import { weakTokenReasons } from '../config/token-strength.ts';

export interface EmbeddedTarget {
  config: SuiteConfig;
  close(): Promise<void>;
}

async function postJson(url: string, body: unknown): Promise<{ token: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { token: string };
}

/** The embedded mock's scopes, from the spec. */
export function embeddedScopes(): string[] {
  return listScopes(loadBundledSpec()).map((s) => s.scope);
}

/** The keys to mint: names, scopes and bucket restriction. */
export function embeddedKeyPlan(scopes: string[], allowed: string): { name: string; scopes: string[]; bucketIds: string[] | null }[] {
  return [
    { name: 'full', scopes, bucketIds: null },
    { name: 'readonly', scopes: scopes.filter((s) => s.endsWith(':read')), bucketIds: null },
    { name: 'restricted', scopes, bucketIds: [allowed] },
    ...scopes.map((scope) => ({ name: `only-${scope.replace(/[^a-z0-9]+/gi, '-')}`, scopes: [scope], bucketIds: null })),
  ];
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

/** The embedded mock shows every write at once: a short consistency window keeps refused-write checks from idling. */
export const EMBEDDED_OVERRIDES = { consistencyWindowMs: 1000 };

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Random letters and digits, as real API keys are: every 8 characters carry about 47 bits, so the leak scan's
 * rule (any 8 characters of a key) never fires by chance on a report's other text; hex (32 bits) could.
 */
function randomBase62(length: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (b) => BASE62[b % 62]).join('');
}

/**
 * Starts the embedded mock (optionally with planted faults) and builds a config for it.
 * With `tokens`, its keys get those tokens (one set shared by many mocks keeps the run's secrets few).
 */
export async function startEmbeddedTarget(
  faults: string[] = [],
  tokens: Record<string, string> = embeddedTokens(),
): Promise<EmbeddedTarget> {
  const server = await startMockServer({ host: '127.0.0.1', port: 0, faults });
  try {
    const info = (await (await fetch(`${server.origin}/__mock/info`)).json()) as { workspaces: { id: string; buckets: string[] }[] };
    const workspace = info.workspaces.find((w) => w.buckets.length >= 2);
    if (!workspace) throw new Error('The embedded mock has no workspace with two buckets.');
    const [allowed, other] = workspace.buckets;
    const scopes = embeddedScopes();
    const keys = await Promise.all(
      embeddedKeyPlan(scopes, allowed).map(async (key) => {
        const chosen = tokens?.[key.name];
        const body = { scopes: key.scopes, bucketIds: key.bucketIds, ...(chosen ? { token: chosen } : {}) };
        const { token } = await postJson(`${server.origin}/__mock/keys`, body);
        return { ...key, token: token as string };
      }),
    );
    return {
      config: { baseUrl: server.baseUrl, workspaceId: workspace.id, buckets: { allowed, other }, keys, overrides: EMBEDDED_OVERRIDES },
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
