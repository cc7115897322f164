// The headers a presign answer names for the PUT, whatever shape a server gives
// them: strings as they are, numbers and booleans as their text, lists as repeated
// lines, framing headers left to the transport, anything else left out; and a PUT
// to a loopback storage carries them, its content type once.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/api-client.ts';
import { createRedactor } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import { putBytes, presignedUrl, sendableHeaders } from '../client/upload.ts';
import { answer, serve } from './support/wire-servers.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

describe('the headers a presign answer names', () => {
  it('go on the wire as text, lists as lists, framing headers and values of no header shape left out', () => {
    const named = {
      'x-amz-meta-run': 'r1',
      'x-attempt': 1,
      'x-checksum-required': true,
      'x-tags': ['a', 'b'],
      'Content-Length': '5',
      host: 'storage.example',
      'Transfer-Encoding': 'chunked',
      _links: { self: 'x' },
      'x-none': null,
      'x-mixed': ['a', 1],
    };
    expect(sendableHeaders(named)).toEqual({
      'x-amz-meta-run': 'r1',
      'x-attempt': '1',
      'x-checksum-required': 'true',
      'x-tags': ['a', 'b'],
    });
    for (const odd of [undefined, null, 'Content-Type: text/plain', ['x'], 5]) expect(sendableHeaders(odd)).toEqual({});
  });

  it('name a URL only as a string that is not empty', () => {
    expect(presignedUrl({ url: 'http://s/u' })).toBe('http://s/u');
    for (const url of ['', 5, { href: 'http://s/u' }, undefined]) expect(presignedUrl({ url } as never)).toBeUndefined();
  });

  it('reach the storage with the PUT, the content type once in whatever case it was named, the length the bytes have', async () => {
    let rawHeaders: string[] = [];
    const storage = await serve((req, res) => {
      rawHeaders = req.rawHeaders;
      answer(200)(req, res, 0);
    });
    opened.push(storage);
    const transport = createTransport({ baseUrl: `${storage.origin}/api/v1`, timeoutMs: 5000 });
    opened.push(transport);
    const api = new ApiClient({ transport, baseUrl: `${storage.origin}/api/v1`, runId: 'r', keys: new Map(), redact: createRedactor([]) });
    const headers = { 'content-type': 'application/octet-stream', 'Content-Length': '999', 'x-attempt': 2 };
    const put = await putBytes(api, { url: `${storage.origin}/upload/1`, method: 'PUT', headers }, Buffer.from('hello'));
    expect(put.status).toBe(200);
    const got = storage.received[0];
    expect(got.method).toBe('PUT');
    expect(got.headers['content-type']).toBe('application/octet-stream');
    expect(got.headers['content-length']).toBe('5');
    expect(got.headers['x-attempt']).toBe('2');
    expect(rawHeaders.filter((h, i) => i % 2 === 0 && h.toLowerCase() === 'content-type')).toHaveLength(1);
  });
});
