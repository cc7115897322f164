// Minimal loopback HTTP calls used for readiness polling, the control API and sequential timing.
import { request, Agent } from 'node:http';

export interface ProbeResponse {
  status: number;
  body: string;
}

/** One HTTP request; resolves with status and body, rejects on a connection error or after `timeoutMs`. */
export function httpCall(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; agent?: Agent; timeoutMs?: number } = {},
): Promise<ProbeResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(options.timeoutMs ?? 5000, () =>
      req.destroy(new Error(`No answer from ${new URL(url).origin} within ${options.timeoutMs ?? 5000} ms`)),
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Calls `attempt` every `intervalMs` until it returns a value; connection errors count as "not yet".
 * Gives up when `isDead()` says the server process has exited, or after `timeoutMs`.
 */
export async function pollUntil<T>(
  attempt: () => Promise<T | undefined>,
  options: { timeoutMs: number; intervalMs: number; isDead?: () => boolean; what: string },
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (options.isDead?.()) throw new Error(`${options.what}: the process exited first`);
    try {
      const value = await attempt();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = (error as Error).message;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs));
  }
  throw new Error(`${options.what}: not ready within ${options.timeoutMs} ms${lastError ? ` (last error: ${lastError})` : ''}`);
}
