// Builds the client a target's session sends through: the hardened transport
// (the base URL's origin only, timeouts, size cap, Retry-After, pacing) behind
// the suite's API client, from the run's settings and the keys' secrets.
import type { RunSettings } from '../config/config-types.ts';
import { ApiClient } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { extendableRedactor } from '../http/credential-redactor.ts';
import { createRedactor, type Secret } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { TransportStats } from '../http/transport/transport-types.ts';
import type { SendGate } from '../http/transport/paced-slots.ts';

export interface TargetClient {
  api: Api;
  /** What the transport sent and met so far. */
  stats(): TransportStats;
  close(): Promise<void>;
}

/**
 * The client of a target. With a `gate` (the run board's), its requests are paced and bounded with every other
 * process's of the run; `stopped` says why the run stopped, when it has.
 */
export function makeClient(settings: RunSettings, secrets: Secret[], stopped?: () => string | undefined, gate?: SendGate): TargetClient {
  const transport = createTransport({
    baseUrl: settings.baseUrl,
    timeoutMs: settings.requestTimeoutMs,
    concurrency: settings.concurrency,
    maxRps: settings.maxRps,
    ...(settings.ca ? { ca: settings.ca } : {}),
    ...(stopped ? { stopped } : {}),
    ...(gate ? { gate } : {}),
  });
  const keys = new Map(settings.keys.map((k, i) => [k.name, secrets[i]]));
  const api = new ApiClient({
    transport,
    baseUrl: settings.baseUrl,
    runId: settings.runId,
    keys,
    redact: extendableRedactor(createRedactor(secrets)),
  });
  return { api, stats: () => transport.stats(), close: () => transport.close() };
}
