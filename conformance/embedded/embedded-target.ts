// With no config, the suite tests the embedded mock: started in-process on an
// ephemeral port, its seeded ids read from /__mock/info and its keys minted
// through /__mock/keys (the kit's key plan: full, readonly, restricted to a
// bucket, and one per scope holding only that scope: embedded-keys.ts).
import { startMockServer } from '../../mocks/http/start-mock-server.ts';
import { loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import type { SuiteConfig } from '../config/config-types.ts';
import { EMBEDDED_OVERRIDES, embeddedKeyPlan, embeddedScopes, embeddedTokens } from './embedded-keys.ts';

/** The embedded mock's header and request timeouts: longer than any starvation of a busy two-core machine. */
const EMBEDDED_TIMEOUT_MS = 300_000;
import { planBuckets } from '../../mocks/app/key-plan.ts';

export interface EmbeddedTarget {
  config: SuiteConfig;
  close(): Promise<void>;
}

async function postJson(url: string, body: unknown): Promise<{ token: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { token: string };
}

/**
 * Starts the embedded mock (optionally with planted faults) and builds a config for it.
 * With `tokens`, its keys get those tokens (one set shared by many mocks keeps the run's secrets few).
 */
export async function startEmbeddedTarget(
  faults: string[] = [],
  tokens: Record<string, string> = embeddedTokens(),
): Promise<EmbeddedTarget> {
  // The validators the suite's own checks use: a process checking many embedded mocks (the self-test) compiles them once.
  // In the suite's own process on loopback, no client is slow: its timeouts only ever fire when a busy machine starves
  // this process, and a 408 then would be the harness's, not the deployment's.
  const server = await startMockServer({
    host: '127.0.0.1',
    port: 0,
    faults,
    validator: loadSchemaValidator('lazy'),
    timeoutsMs: { headers: EMBEDDED_TIMEOUT_MS, request: EMBEDDED_TIMEOUT_MS },
  });
  try {
    const info = (await (await fetch(`${server.origin}/__mock/info`)).json()) as { workspaces: { id: string; buckets: string[] }[] };
    const planned = planBuckets(info.workspaces);
    if (!planned) throw new Error('The embedded mock has no workspace with two buckets.');
    const { workspaceId, allowed, other } = planned;
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
      config: { baseUrl: server.baseUrl, workspaceId, buckets: { allowed, other }, keys, overrides: EMBEDDED_OVERRIDES },
      close: () => server.close(),
    };
  } catch (error) {
    await server.close();
    throw error;
  }
}
