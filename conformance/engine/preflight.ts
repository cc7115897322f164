// Before any check: does the base URL answer at all, and is each key accepted?
// An unreachable deployment stops the run (exit 2) in seconds; every key
// refused with 401 means a wrong base URL or wrong keys (exit 3), not a failing server.
// The probes go over the suite's transport: bounded in time and size, rate limits waited out.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import { RUN_HEADER } from '../http/api-client.ts';
import { createRedactor, type Secret } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import { RateLimitedError, TransportError } from '../http/transport/transport-errors.ts';
import type { WireAnswer } from '../http/transport/transport-types.ts';
import type { RunStop } from './run-files.ts';

/** The longest the reachability probe waits: a deployment that cannot answer a listing in this time is not worth a run. */
export const REACH_TIMEOUT_MS = 10_000;
// Only the status matters; a listing larger than this is cut, which changes nothing here.
const PROBE_BYTES = 256 * 1024;
// Keys probed at once.
const PROBE_CONCURRENCY = 4;

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

/** Why a probe got no usable answer, or undefined for an error that is a bug of the harness. */
function lostBecause(error: unknown): string | undefined {
  return error instanceof TransportError || error instanceof RateLimitedError ? error.message : undefined;
}

/** Probes the deployment of the settings with each key; never throws for an unreachable or refusing server. */
export async function preflight(settings: RunSettings, secrets: Secret[]): Promise<PreflightResult> {
  const redact = createRedactor(secrets);
  const route = probeRoute();
  const url = `${settings.baseUrl}${route.pathTemplate}`;
  const transport = createTransport({
    baseUrl: settings.baseUrl,
    timeoutMs: Math.min(settings.requestTimeoutMs, REACH_TIMEOUT_MS),
    maxResponseBytes: PROBE_BYTES,
    concurrency: PROBE_CONCURRENCY,
    ...(settings.ca ? { ca: settings.ca } : {}),
  });
  const get = (key?: { name: string; token: string }): Promise<WireAnswer> =>
    transport.send({
      method: 'GET',
      url,
      headers: { [RUN_HEADER]: settings.runId, ...(key ? { Authorization: `Bearer ${key.token}` } : {}) },
      carriesKey: key !== undefined,
      ...(key ? { rateGroup: key.name } : {}),
    });
  try {
    try {
      // Without a key first: reachability must not depend on any key's validity.
      await get();
    } catch (error) {
      const why = lostBecause(error);
      if (why === undefined) throw error;
      return { stop: { exitCode: 2, reason: `cannot reach ${settings.baseUrl}: ${redact(why)}` }, notes: [] };
    }
    const answers = await Promise.all(
      settings.keys.map(async (key, i) => {
        try {
          const answer = await get({ name: key.name, token: secrets[i].token });
          return { key, status: answer.status, redirect: answer.redirect?.location };
        } catch (error) {
          const why = lostBecause(error);
          if (why === undefined) throw error;
          return { key, status: 0, problem: redact(why) };
        }
      }),
    );
    const lost = answers.find((a) => a.problem);
    if (lost)
      return {
        stop: { exitCode: 2, reason: `cannot reach ${settings.baseUrl} with the key "${lost.key.name}": ${lost.problem}` },
        notes: [],
      };
    const where = `${route.method} ${route.pathTemplate}`;
    const redirected = answers.filter((a) => a.redirect !== undefined);
    if (redirected.length === answers.length && answers.length > 0) {
      return {
        stop: {
          exitCode: 3,
          reason: `every key was answered ${redirected[0].status} at ${where}, a redirect to ${redact(redirected[0].redirect!)}: the suite follows no redirect, so set baseUrl to the address the deployment serves`,
        },
        notes: [],
      };
    }
    const refused = answers.filter((a) => a.status === 401);
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
      notes: [
        ...refused.map(
          (a) => `preflight: the key "${a.key.name}" (${a.key.env}) was refused with 401 at ${where}; its checks will show it`,
        ),
        ...redirected.map(
          (a) =>
            `preflight: the key "${a.key.name}" (${a.key.env}) was answered with a redirect at ${where} (not followed); its checks will show it`,
        ),
      ],
    };
  } finally {
    await transport.close();
  }
}
