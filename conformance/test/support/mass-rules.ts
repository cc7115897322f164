// A server that binds a file PATCH's body to its model: the file's own fields
// in the body are accepted, and one of them is applied (as the listings then
// show it), while the mock behind stays correct.
import type { Rule } from './loopback-proxy.ts';
import { parseJson, urlOf } from './rule-json.ts';

const MODEL = ['id', 'bucketId', 'workspaceId', 'path', 'name', 'size', 'contentType', 'status', 'createdAt', 'updatedAt'];

/** Applies `field` of a file PATCH's body: later listings show the file with it (a file made `trashed` leaves them). */
export function patchApplies(field: string): Rule {
  const applied = new Map<string, unknown>();
  return async (request, forward) => {
    const url = urlOf(request);
    const fileId = url.pathname.match(/\/files\/([^/]+)$/)?.[1];
    if (request.method === 'PATCH' && fileId) {
      const body = parseJson(request.body) as Record<string, unknown> | undefined;
      if (!body || !(field in body)) return forward(request);
      const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !MODEL.includes(k)));
      const answer = await forward({ ...request, body: Buffer.from(JSON.stringify(rest)) });
      if (answer.status === 200) applied.set(fileId, body[field]);
      return answer;
    }
    const answer = await forward(request);
    if (request.method !== 'GET' || !url.pathname.endsWith('/files') || answer.status !== 200 || applied.size === 0) return answer;
    const listing = parseJson(answer.body) as { data: Record<string, unknown>[] };
    const data = listing.data.flatMap((file) => {
      if (!applied.has(String(file.id))) return [file];
      const value = applied.get(String(file.id));
      return field === 'status' && value === 'trashed' ? [] : [{ ...file, [field]: value }];
    });
    return { ...answer, body: Buffer.from(JSON.stringify({ ...listing, data })) };
  };
}
