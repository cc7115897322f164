// A deployment that serves the bucket routes under another path shape, e.g.
// /api/v1/workspaces/{ws}/bucket/{b}/... (singular) or /api/v1/buckets/{b}/...
// (no workspace); the documented .../workspaces/{ws}/buckets/{b}/... is 404.
import type { Rule } from './loopback-proxy.ts';
import { API_BASE } from './api-routes.ts';
import { problemAnswer } from './rule-json.ts';

/** Bucket routes under a singular `bucket` segment. */
export const SINGULAR_BUCKET = `${API_BASE}/workspaces/{workspaceId}/bucket/{bucketId}`;
/** Bucket routes at the root, without the workspace. */
export const BUCKETS_AT_ROOT = `${API_BASE}/buckets/{bucketId}`;

const DOCUMENTED = new RegExp(`^${API_BASE}/workspaces/[^/]+/buckets/[^/]+/.`);

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/**
 * Serves every bucket route under `prefix` (a template of literal segments, `{bucketId}` and optionally `{workspaceId}`)
 * and answers 404 at the documented shape. Without `{workspaceId}` in the prefix, `workspaceOf` names each bucket's workspace.
 */
export function bucketRoutesAt(prefix: string, workspaceOf: ReadonlyMap<string, string> = new Map()): Rule {
  const template = prefix.split('/');
  if (!template.includes('{bucketId}')) throw new Error(`The prefix ${prefix} must hold {bucketId}.`);
  if (!template.includes('{workspaceId}') && workspaceOf.size === 0)
    throw new Error(`The prefix ${prefix} has no {workspaceId}: pass workspaceOf.`);
  return (request, forward) => {
    const [path, ...query] = request.url.split('?');
    if (DOCUMENTED.test(path)) return Promise.resolve(problemAnswer(404, 'not_found', `No route ${path}.`));
    const segments = path.split('/');
    if (segments.length <= template.length) return forward(request);
    const ids: Record<string, string> = {};
    for (const [i, part] of template.entries()) {
      if (part === '{bucketId}' || part === '{workspaceId}') ids[part] = segments[i];
      else if (part !== segments[i]) return forward(request);
    }
    const workspace = ids['{workspaceId}'] ?? encodeURIComponent(workspaceOf.get(decode(ids['{bucketId}'])) ?? '');
    if (!workspace) return Promise.resolve(problemAnswer(404, 'not_found', `No bucket ${decode(ids['{bucketId}'])}.`));
    const rest = segments.slice(template.length).join('/');
    const url = [`${API_BASE}/workspaces/${workspace}/buckets/${ids['{bucketId}']}/${rest}`, ...query].join('?');
    return forward({ ...request, url });
  };
}
