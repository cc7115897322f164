// `bucketkit conformance --cleanup LEDGER`: removes what a crashed run left, with
// the keys and the base URL of the config (never the ledger's), over the suite's
// transport: bounded in time and size, no redirect followed, keys only to that origin.
import { ApiClient } from '../http/api-client.ts';
import { createRedactor } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import { cleanupLedger } from '../ledger/cleanup.ts';
import { readLedger } from '../ledger/ledger.ts';
import { loadConfig, resolveTokens } from '../config/load-config.ts';

export interface CleanupOptions {
  /** Timeout of one request, in ms (default BUCKETKIT_REQUEST_TIMEOUT_MS, checked by the CLI, else 15000). */
  timeoutMs?: number;
  /** Extra PEM CA certificates to trust (a private TLS deployment). */
  ca?: string[];
}

/** A base URL as compared: origin and path, without trailing slashes. */
function comparable(baseUrl: string): string {
  const url = new URL(baseUrl);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** Cleans up a ledger; returns 0 when nothing is left to fix, 1 when problems remain, 3 when the ledger is of another base URL. */
export async function cleanupFromLedger(
  ledgerPath: string,
  configFile: string | undefined,
  env: NodeJS.ProcessEnv,
  options: CleanupOptions = {},
): Promise<number> {
  const run = readLedger(ledgerPath).find((e) => e.kind === 'run');
  if (!run || run.kind !== 'run') throw new Error(`The ledger ${ledgerPath} names no run.`);
  const config = loadConfig(configFile, env);
  if (comparable(run.baseUrl) !== comparable(config.baseUrl)) {
    console.error(
      `bucketkit: the ledger ${ledgerPath} records a run against ${run.baseUrl}, but the config names ${config.baseUrl}; ` +
        'nothing was sent. Run --cleanup with the config (and keys) of that run.',
    );
    return 3;
  }
  const tokens = resolveTokens(config, env);
  const redact = createRedactor(tokens);
  const transport = createTransport({
    baseUrl: config.baseUrl,
    timeoutMs: options.timeoutMs ?? Number(env.BUCKETKIT_REQUEST_TIMEOUT_MS ?? 15_000),
    ...(options.ca?.length ? { ca: options.ca } : {}),
  });
  const api = new ApiClient({
    transport,
    baseUrl: config.baseUrl,
    runId: run.runId,
    keys: new Map(tokens.map((t) => [t.name, { env: t.env, token: t.token }])),
    redact,
  });
  const keys = config.keys.map((k, i) => ({ name: k.name, env: tokens[i].env, scopes: k.scopes, bucketIds: k.bucketIds }));
  try {
    const report = await cleanupLedger(ledgerPath, { workspaceId: run.workspaceId, keys, send: (request) => api.send(request) });
    console.log(`cleanup of run ${run.runId}: removed ${report.removed} file(s), restored ${report.restored} setting(s)`);
    for (const k of report.kept) console.log(`kept: ${redact(k)}`);
    for (const p of report.problems) console.log(`problem: ${redact(p)}`);
    if (report.left.length)
      console.log(`${report.left.length} file(s) not removed stay pending in ${ledgerPath}: run --cleanup again to retry them.`);
    return report.problems.length ? 1 : 0;
  } finally {
    await transport.close();
  }
}
