// A tiny fetch client for the variant tests: calls a variant's API with a key,
// reads JSON answers, follows listing cursors, and uploads a small file.
import { answerOf } from './answer-of.ts';

/** An answer as a test reads it. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: any;
}

/** Calls the API: method, path under the base URL, and an optional key, JSON body and headers. */
export type Call = (
  method: string,
  path: string,
  options?: { token?: string; body?: unknown; headers?: Record<string, string> },
) => Promise<Answer>;

/** A caller of `baseUrl` + path (paths start with `/`); redirects are not followed. */
export function clientOf(baseUrl: string): Call {
  return async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    return answerOf(res);
  };
}

/** The path of a bucket's routes: ids percent-encoded, as a client sends them. */
export const bucketPath = (workspaceId: string, bucketId: string): string =>
  `/workspaces/${encodeURIComponent(workspaceId)}/buckets/${encodeURIComponent(bucketId)}`;

/** Every item of a listing, page by page (`path` may hold a query; `limit` sets the page size). */
export async function listAll(call: Call, path: string, token: string, limit = 1000): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < 1000; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await call('GET', `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token });
    if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
    items.push(...answer.json.data);
    cursor = answer.json.nextCursor;
    if (cursor === null) return items;
  }
  throw new Error(`${path} did not end within 1000 pages`);
}

/** Presigns an upload of `text` at `path` and PUTs it; returns the presign answer and the PUT's status and body. */
export async function uploadText(call: Call, bucket: string, token: string, path: string, text = 'hello') {
  const presign = await call('POST', `${bucket}/files/presign-upload`, {
    token,
    body: { path, contentType: 'text/plain', size: Buffer.byteLength(text) },
  });
  if (presign.status !== 201) throw new Error(`presign-upload answered ${presign.status}: ${presign.text.slice(0, 200)}`);
  const put = await fetch(presign.json.url, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: text });
  return { presign: presign.json, putStatus: put.status, putBody: await put.text() };
}
