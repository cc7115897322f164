// src/api-client.ts: a client typed by the contract; paths, parameters and bodies are checked by tsc.
import createClient from 'openapi-fetch';
import type { components, paths } from 'bucketkit/contract';

export type Workspace = components['schemas']['Workspace'];

export function createApiClient(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${key}` } });
}

export async function listWorkspaces(client: ReturnType<typeof createApiClient>): Promise<Workspace[]> {
  const { data, error } = await client.GET('/workspaces', { params: { query: { limit: 100 } } });
  if (error) throw new Error(`GET /workspaces: ${error.title}`);
  return data.data;
}
