// A presigned upload pushed out by newer ones (the mock keeps at most
// MAX_UPLOADS pending uploads) says so when its URL is used, instead of
// claiming its token is wrong; a wrong token still says "wrong token", and an
// upload dropped after it expired still says "expired".
import { describe, expect, it } from 'vitest';
import { loadBundledSpec, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { createMockApp } from '../app/create-mock-app.ts';
import { manualClock } from '../core/clock.ts';
import { MAX_UPLOADS } from '../store/grant-books.ts';
import type { MockRequest } from '../core/types.ts';

const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));

function setUp() {
  const clock = manualClock();
  const app = createMockApp({ spec: loadBundledSpec(), seed: 5, files: 50, clock, validator: loadSchemaValidator() });
  const base = `/api/v1/workspaces/${app.world.workspaces[0].id}/buckets/${app.world.buckets[0].id}`;
  const headers = { authorization: `Bearer ${app.presetKeys.full}`, 'content-type': 'application/json' };
  const presign = async (path: string) => {
    const answer = await app.handle({
      method: 'POST',
      path: `${base}/files/presign-upload`,
      query: '',
      headers,
      body: json({ path, contentType: 'text/plain', size: 2 }),
    });
    expect(answer.status).toBe(201);
    return new URL(JSON.parse(answer.body as string).url as string);
  };
  const put = async (url: URL, token = url.searchParams.get('token')!) => {
    const request: MockRequest = {
      method: 'PUT',
      path: url.pathname,
      query: `token=${token}`,
      headers: { 'content-type': 'text/plain' },
      body: new TextEncoder().encode('hi'),
    };
    const answer = await app.handle(request);
    return { status: answer.status, detail: JSON.parse(answer.body as string).detail as string };
  };
  /** Presigns `count` more uploads, pushing the oldest out of the bounded book. */
  const presignMany = async (count: number, tag: string) => {
    for (let i = 0; i < count; i++) await presign(`evict/${tag}/${i}.txt`);
  };
  return { clock, presign, put, presignMany };
}

describe(`presigned uploads beyond the ${MAX_UPLOADS} the mock keeps`, () => {
  it(`an upload evicted by ${MAX_UPLOADS} newer ones answers 404 saying it was evicted, not that its token is wrong`, async () => {
    const { presign, put, presignMany } = setUp();
    const oldest = await presign('evict/oldest.txt');
    const kept = await presign('evict/kept.txt');
    await presignMany(MAX_UPLOADS - 1, 'a');

    const evicted = await put(oldest);
    expect(evicted.status).toBe(404);
    expect(evicted.detail).toContain('evicted');
    expect(evicted.detail).toContain('10,000 pending uploads');
    expect(evicted.detail).not.toContain('wrong');

    // The wrong token of an evicted upload is still a wrong token; the newest upload is still served.
    expect((await put(oldest, 'not-its-token')).detail).toContain('token of this upload URL is wrong');
    expect((await put(kept, 'not-its-token')).detail).toContain('token of this upload URL is wrong');
    expect((await put(kept)).status).toBe(200);
  }, 60_000);

  it('an upload that expired, then was dropped, still answers 403 expired; one used already answers 409', async () => {
    const { clock, presign, put, presignMany } = setUp();
    const used = await presign('evict/used.txt');
    expect((await put(used)).status).toBe(200);
    const late = await presign('evict/late.txt');
    clock.advance(16 * 60 * 1000);
    await presignMany(MAX_UPLOADS, 'b');

    const expired = await put(late);
    expect(expired.status).toBe(403);
    expect(expired.detail).toContain('expired');
    expect((await put(used)).status).toBe(409);
  }, 60_000);

  it('an id the mock never issued answers 404 without blaming a token', async () => {
    const { put } = setUp();
    const answer = await put(new URL('http://127.0.0.1/__uploads/upl_never?token=x'));
    expect(answer.status).toBe(404);
    expect(answer.detail).toBe('No upload at this URL. Use the url returned by presign-upload unchanged.');
  });
});
