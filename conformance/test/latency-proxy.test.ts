// The benchmark's standalone latency proxy: it prints its origin as one JSON
// line, delays every answer by --latency while passing it through unchanged
// (bodies streamed both ways), refuses bad arguments with exit 2, and stops on SIGTERM.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf } from './support/variant-client.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCRIPT = 'scripts/bench/latency-proxy.ts';

async function startProxy(target: string, latencyMs: number): Promise<{ child: ChildProcess; origin: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--target', target, '--latency', String(latencyMs), '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  return { child, origin: (JSON.parse(line) as { origin: string }).origin };
}

describe('latency proxy script', () => {
  let variant: Variant;
  let quick: { child: ChildProcess; origin: string };
  let slow: { child: ChildProcess; origin: string };
  beforeAll(async () => {
    variant = await startVariant();
    [quick, slow] = await Promise.all([startProxy(variant.mock.origin, 0), startProxy(variant.mock.origin, 150)]);
  }, 30_000);
  afterAll(async () => {
    for (const p of [quick, slow]) if (p?.child.exitCode === null) p.child.kill('SIGTERM');
    await variant?.close();
  });

  it('passes answers through unchanged, each one --latency ms late', async () => {
    const token = variant.token('full');
    const own = bucketPath(variant.real.workspaceId, variant.real.buckets.allowed);
    const timedGet = async (origin: string) => {
      const start = performance.now();
      const answer = await clientOf(`${origin}/api/v1`)('GET', `${own}/files?limit=5`, { token });
      return { answer, ms: performance.now() - start };
    };
    await timedGet(quick.origin);
    const fast = await timedGet(quick.origin);
    const late = await timedGet(slow.origin);
    expect(late.answer.status).toBe(200);
    expect(late.answer.json).toEqual(fast.answer.json);
    expect(late.ms).toBeGreaterThanOrEqual(148);
    expect(late.ms - fast.ms).toBeGreaterThanOrEqual(100);
    // Refusals pass too, and so do request bodies: a 1 MB upload PUT through the proxy arrives whole.
    const call = clientOf(`${slow.origin}/api/v1`);
    expect((await call('GET', '/workspaces')).status).toBe(401);
    const bytes = 'x'.repeat(1_000_000);
    const presign = await call('POST', `${own}/files/presign-upload`, {
      token,
      body: { path: 'latency/a.txt', contentType: 'text/plain', size: bytes.length },
    });
    expect(presign.status).toBe(201);
    const url = new URL(presign.json.url);
    const put = await fetch(`${slow.origin}${url.pathname}${url.search}`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: bytes,
    });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { size: number }).size).toBe(bytes.length);
  });

  it('stops on SIGTERM with exit code 0', async () => {
    quick.child.kill('SIGTERM');
    const [code] = await once(quick.child, 'exit');
    expect(code).toBe(0);
  });

  it('refuses a missing target or a bad latency with exit code 2 and the usage', () => {
    for (const args of [
      ['--latency', '10'],
      ['--target', 'http://127.0.0.1:1', '--latency', '-5'],
    ]) {
      const run = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 20_000 });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(/Usage: latency-proxy/);
    }
  }, 30_000);
});
