// `bucketkit conformance --cleanup LEDGER`: removes what a crashed run left,
// with the keys of the same config, over plain fetch (no Playwright needed).
import { readLedger } from '../ledger/ledger.ts';
import { cleanupLedger } from '../ledger/cleanup.ts';
import { loadConfig, resolveTokens } from '../config/load-config.ts';
import { createRedactor } from '../http/redact.ts';
import type { ApiRequest, Exchange } from '../http/api-client.ts';
import { RUN_HEADER } from '../http/api-client.ts';

/** Cleans up a ledger; returns 0 when nothing is left to fix, 1 when problems remain. */
export async function cleanupFromLedger(ledgerPath: string, configFile: string | undefined, env: NodeJS.ProcessEnv): Promise<number> {
  const run = readLedger(ledgerPath).find((e) => e.kind === 'run');
  if (!run || run.kind !== 'run') throw new Error(`The ledger ${ledgerPath} names no run.`);
  const config = loadConfig(configFile, { ...env, BUCKETKIT_BASE_URL: env.BUCKETKIT_BASE_URL ?? run.baseUrl });
  const tokens = resolveTokens(config, env);
  const redact = createRedactor(tokens);
  const tokenOf = new Map(tokens.map((t) => [t.name, t.token]));
  const send = async (req: ApiRequest): Promise<Exchange> => {
    const url = `${config.baseUrl}${req.path}`;
    const headers: Record<string, string> = { [RUN_HEADER]: run.runId, 'Content-Type': 'application/json' };
    if (req.auth && 'key' in req.auth) headers.Authorization = `Bearer ${tokenOf.get(req.auth.key)}`;
    const body = req.json === undefined ? undefined : JSON.stringify(req.json);
    const res = await fetch(url, { method: req.method, headers, body });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return {
      request: { method: req.method, url, headers, body },
      status: res.status,
      headers: Object.fromEntries(res.headers),
      text,
      shownText: redact(text),
      body: Buffer.from(text),
      json,
    };
  };
  const keys = config.keys.map((k, i) => ({ name: k.name, env: tokens[i].env, scopes: k.scopes, bucketIds: k.bucketIds }));
  const report = await cleanupLedger(ledgerPath, { workspaceId: run.workspaceId, keys, send });
  console.log(`cleanup of run ${run.runId}: removed ${report.removed} file(s), restored ${report.restored} setting(s)`);
  for (const k of report.kept) console.log(`kept: ${redact(k)}`);
  for (const p of report.problems) console.log(`problem: ${redact(p)}`);
  return report.problems.length ? 1 : 0;
}
