// A tiny client for tests of the independent server itself: sends one request
// with a key of its config by name, and reads the answer whole.
import { answerOf } from '../answer-of.ts';
import type { IndependentServer } from './start-independent-server.ts';

export interface ProbeAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface ProbeRequest {
  /** The key's name in the server's config (full, readonly, restricted); none: no Authorization header. */
  key?: string;
  /** Sent as the Authorization header instead of the key's. */
  authorization?: string;
  json?: unknown;
  /** A raw body, with `contentType`. */
  raw?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

/** The token of a key of the server's config. */
export function tokenOf(server: IndependentServer, name: string): string {
  const key = server.config.keys.find((k) => k.name === name);
  if (!key?.token) throw new Error(`No key ${name}`);
  return key.token;
}

/** Sends `method path` (relative to the base URL unless it starts with http) and reads the answer. */
export async function probe(server: IndependentServer, method: string, path: string, request: ProbeRequest = {}): Promise<ProbeAnswer> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.key) headers.Authorization = `Bearer ${tokenOf(server, request.key)}`;
  if (request.authorization) headers.Authorization = request.authorization;
  let body: string | undefined = request.raw;
  if (request.json !== undefined) body = JSON.stringify(request.json);
  if (body !== undefined) headers['Content-Type'] = request.contentType ?? 'application/json';
  const res = await fetch(path.startsWith('http') ? path : `${server.baseUrl}${path}`, { method, headers, body });
  return answerOf(res);
}

/** The bucket path of the server's workspace, `/workspaces/{ws}/buckets/{bucket}`. */
export function bucketPath(server: IndependentServer, bucket: 'allowed' | 'other'): string {
  return `/workspaces/${server.config.workspaceId}/buckets/${server.config.buckets[bucket]}`;
}

/** The id of a ready file of the bucket (the first one the full key lists). */
export async function someFile(server: IndependentServer, bucket: 'allowed' | 'other'): Promise<{ id: string; path: string }> {
  const answer = await probe(server, 'GET', `${bucketPath(server, bucket)}/files`, { key: 'full' });
  return answer.json.data[0];
}
