// src/api-client.ts: a client typed by the contract; paths, parameters and bodies are checked by tsc.
import createClient from 'openapi-fetch';
import type { components, paths } from 'bucketkit/contract';

export type Workspace = components['schemas']['Workspace'];
export type Bucket = components['schemas']['Bucket'];
export type File = components['schemas']['File'];
type Client = ReturnType<typeof createApiClient>;

export function createApiClient(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
}

/** An answer other than a success, with its status (a client decides on it: retry a 5xx, sign in again on a 401). */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, what: string) {
    super(`${what}: ${status}`);
    this.status = status;
  }
}

export async function listWorkspaces(client: Client): Promise<Workspace[]> {
  const { data, response } = await client.GET('/workspaces', { params: { query: { limit: 100 } } });
  if (!data) throw new ApiError(response.status, 'GET /workspaces');
  return data.data;
}

export async function listBuckets(client: Client, workspaceId: string): Promise<Bucket[]> {
  const { data, response } = await client.GET('/workspaces/{workspaceId}/buckets', { params: { path: { workspaceId } } });
  if (!data) throw new ApiError(response.status, 'GET .../buckets');
  return data.data;
}

export async function listFiles(client: Client, workspaceId: string, bucketId: string): Promise<File[]> {
  const { data, response } = await client.GET('/workspaces/{workspaceId}/buckets/{bucketId}/files', {
    params: { path: { workspaceId, bucketId } },
  });
  if (!data) throw new ApiError(response.status, 'GET .../files');
  return data.data;
}

/** Runs `call` again once when it fails with a 5xx (a busy or restarting server). */
export async function retryOnce<T>(call: () => Promise<T>, onRetry: () => void = () => {}): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ApiError) || error.status < 500) throw error;
    onRetry();
    return call();
  }
}
