// Builds the client a target's session sends through, from the run's settings
// and the keys' secrets.
import type { RunSettings } from '../config/config-types.ts';
import { ApiClient, type FetchContext } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { createRedactor, type Secret } from '../http/redact.ts';
import { sendHttp } from '../runtime/http-send.ts';

/** The client of a target. */
export function makeClient(settings: RunSettings, secrets: Secret[]): Api {
  const context: FetchContext = {
    async fetch(url, options) {
      const answer = await sendHttp(url, {
        method: options.method,
        headers: options.headers,
        body: options.data,
        timeoutMs: options.timeout,
      });
      return { status: () => answer.status, headers: () => answer.headers, body: async () => answer.body };
    },
  };
  const keys = new Map(settings.keys.map((k, i) => [k.name, secrets[i]]));
  return new ApiClient(context, settings.baseUrl, settings.runId, keys, createRedactor(secrets), settings.requestTimeoutMs);
}
