// Calls the mock's control API (outside the API base): mint a key, read the seeded world's ids.
import { httpCall } from './http-probe.ts';

export interface MockInfo {
  baseUrl: string;
  workspaces: { id: string; buckets: string[] }[];
}

/** Control API paths, as ENGINEERS.md fixes them. */
export const CONTROL_PATHS = { keys: '/__mock/keys', info: '/__mock/info' } as const;

/** POST /__mock/keys; returns the token (never log it). */
export async function mintKey(origin: string, scopes: string[], bucketIds: string[] | null): Promise<string> {
  const answer = await httpCall(origin + CONTROL_PATHS.keys, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ scopes, bucketIds }),
  });
  if (answer.status !== 201) throw new Error(`POST ${CONTROL_PATHS.keys} answered ${answer.status}, expected 201`);
  const token = (JSON.parse(answer.body) as { token?: unknown }).token;
  if (typeof token !== 'string' || token === '') throw new Error(`POST ${CONTROL_PATHS.keys} returned no token`);
  return token;
}

/** GET /__mock/info: the seeded world's workspace and bucket ids. */
export async function readMockInfo(origin: string): Promise<MockInfo> {
  const answer = await httpCall(origin + CONTROL_PATHS.info);
  if (answer.status !== 200) throw new Error(`GET ${CONTROL_PATHS.info} answered ${answer.status}, expected 200`);
  const info = JSON.parse(answer.body) as MockInfo;
  if (!Array.isArray(info.workspaces) || !info.workspaces[0]?.buckets?.[0])
    throw new Error(`GET ${CONTROL_PATHS.info} lists no workspace with a bucket`);
  return info;
}
