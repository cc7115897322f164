// Variants stack: startVariant hands back a deployment config in a few lines,
// and odd ids, a rate limit, latency, eventual listings and a hostile front
// work together, each rule seeing what it should (ids real inside the mapping,
// only the client's own requests counted by the limiter). close() stops all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVariant, type Variant } from './support/variant.ts';
import { bucketPath, clientOf, listAll, uploadText } from './support/variant-client.ts';
import { validateConfig } from '../config/load-config.ts';
import { tokenBucket, type RateLimiter } from './support/rate-limit-rules.ts';
import { latency } from './support/latency-rule.ts';
import { eventualListings } from './support/eventual-listings.ts';
import { isOperation } from './support/api-routes.ts';

describe('startVariant', () => {
  it('starts mock and proxy with the embedded keys and a config the suite accepts; close() stops both', async () => {
    const variant = await startVariant();
    const config = validateConfig(JSON.parse(JSON.stringify(variant.config)));
    expect(config.baseUrl).toBe(`${variant.proxy.origin}/api/v1`);
    expect(config.buckets).toEqual(variant.buckets);
    expect(config.keys.map((k) => k.name)).toEqual(expect.arrayContaining(['full', 'readonly', 'restricted', 'only-files-read']));
    expect(config.keys.find((k) => k.name === 'restricted')?.bucketIds).toEqual([variant.buckets.allowed]);
    const call = clientOf(variant.baseUrl);
    for (const key of variant.keys)
      expect((await call('GET', '/workspaces', { token: key.token })).status, key.name).toBe(
        key.scopes.includes('workspaces:read') ? 200 : 403,
      );
    const minted = await variant.mintKey(['files:read'], [variant.buckets.other]);
    expect((await call('GET', `${bucketPath(variant.workspaceId, variant.buckets.other)}/files?limit=1`, { token: minted })).status).toBe(
      200,
    );
    expect(() => variant.token('nobody')).toThrow(/No key nobody/);
    await variant.close();
    await expect(fetch(`${variant.baseUrl}/workspaces`)).rejects.toThrow();
    await expect(fetch(`${variant.mock.origin}/__mock/info`)).rejects.toThrow();
  });
});

describe('a stack of variants', () => {
  let variant: Variant;
  let limiter: RateLimiter;
  beforeAll(async () => {
    variant = await startVariant({
      oddIds: true,
      rules: (context) => {
        limiter = tokenBucket({ perSecond: 1000, burst: 1000 });
        return [limiter.rule, latency(20), eventualListings({ observerToken: context.fullToken, delayMs: 1000 }).rule];
      },
      hostile: [{ picks: isOperation('getIntelligence'), answer: { kind: 'json-null' } }],
    });
  });
  afterAll(async () => variant?.close());

  it('serves odd ids through the front, delays listings of an upload, and counts only the client requests', async () => {
    const call = clientOf(variant.baseUrl);
    const token = variant.token('full');
    const own = bucketPath(variant.workspaceId, variant.buckets.allowed);
    expect(variant.baseUrl).toBe(`${variant.front!.origin}/api/v1`);
    expect((await call('GET', `${own}/intelligence`, { token })).text).toBe('null');
    const { presign, putStatus } = await uploadText(call, own, token, 'stack/a.txt');
    expect(putStatus).toBe(200);
    expect(await listAll(call, `${own}/files?prefix=stack/`, token)).toEqual([]);
    await new Promise((done) => setTimeout(done, 1100));
    const [listed] = await listAll(call, `${own}/files?prefix=stack/`, token);
    expect(listed).toMatchObject({ id: presign.fileId, bucketId: variant.buckets.allowed, workspaceId: variant.workspaceId });
    // Presign and two listings with the key, the PUT (through the proxy) without one; the front alone answered intelligence,
    // and the eventual rule's own reads happen inside the limiter.
    expect(limiter.countsFor(token)).toEqual({ accepted: 3, refused: 0 });
    expect(limiter.countsFor(undefined)).toEqual({ accepted: 1, refused: 0 });
  });
});
