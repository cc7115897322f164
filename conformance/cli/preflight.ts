// Before any check: does the base URL answer at all, and is each key accepted?
// An unreachable deployment stops the run (exit 2) in seconds; every key
// refused with 401 means a wrong base URL or wrong keys (exit 3), not a failing server.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { RUN_HEADER } from '../http/api-client.ts';
import { createRedactor, type Secret } from '../http/redact.ts';
import { sendHttp, TransportError } from '../runtime/http-send.ts';
import type { RunStop } from '../engine/run-files.ts';

/** The longest the reachability probe waits: a deployment that cannot answer a listing in this time is not worth a run. */
export const REACH_TIMEOUT_MS = 10_000;

export interface PreflightResult {
  /** Set when the run must not start its checks. */
  stop?: RunStop;
  /** What the preflight saw, one line each (keys refused while others were accepted). */
  notes: string[];
}

/** A GET route without path parameters (the workspace listing): every deployment has it, whatever the keys reach. */
function probeRoute() {
  const route = loadRouteTable().find((r) => r.method === 'GET' && !r.pathTemplate.includes('{'));
  if (!route) throw new Error('The spec has no GET route without path parameters to probe the deployment with.');
  return route;
}

/** Probes the deployment of the settings with each key; never throws for an unreachable or refusing server. */
export async function preflight(settings: RunSettings, secrets: Secret[]): Promise<PreflightResult> {
  const redact = createRedactor(secrets);
  const route = probeRoute();
  const url = `${settings.baseUrl}${route.pathTemplate}`;
  const timeoutMs = Math.min(settings.requestTimeoutMs, REACH_TIMEOUT_MS);
  const get = (token?: string) =>
    sendHttp(url, {
      method: 'GET',
      headers: { [RUN_HEADER]: settings.runId, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      timeoutMs,
    });
  try {
    // Without a key first: reachability must not depend on any key's validity.
    await get();
  } catch (error) {
    if (!(error instanceof TransportError)) throw error;
    return { stop: { exitCode: 2, reason: `cannot reach ${settings.baseUrl}: ${redact(error.message)}` }, notes: [] };
  }
  const answers = await Promise.all(
    settings.keys.map(async (key, i) => {
      try {
        return { key, status: (await get(secrets[i].token)).status };
      } catch (error) {
        return { key, status: 0, problem: redact((error as Error).message) };
      }
    }),
  );
  const lost = answers.find((a) => a.problem);
  if (lost)
    return {
      stop: { exitCode: 2, reason: `cannot reach ${settings.baseUrl} with the key "${lost.key.name}": ${lost.problem}` },
      notes: [],
    };
  const refused = answers.filter((a) => a.status === 401);
  const where = `${route.method} ${route.pathTemplate}`;
  if (refused.length > 0 && refused.length === answers.length) {
    return {
      stop: {
        exitCode: 3,
        reason: `every key was refused with 401 at ${where}: the base URL or the keys are wrong (check baseUrl, and that each key's env var, e.g. ${settings.keys[0].env}, holds a valid key)`,
      },
      notes: [],
    };
  }
  return {
    notes: refused.map(
      (a) => `preflight: the key "${a.key.name}" (${a.key.env}) was refused with 401 at ${where}; its checks will show it`,
    ),
  };
}
