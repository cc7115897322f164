// What the mock notes of a request before answering it, for scenarios and the
// request log: its route, the key's name (never the token), whether its
// bucket lies outside the key, and its path with any known token blanked.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { RouteMatcher } from '../../openapi/contract/route-matcher.ts';
import type { RequestHead } from '../core/types.ts';
import type { KeyStore } from '../core/key-store.ts';
import type { WorldStore } from '../store/world-store.ts';
import { authenticate, reachesBucket } from '../core/access-rules.ts';

export interface RequestFacts {
  route?: Route;
  params: Record<string, string>;
  keyName: string | null;
  bucketOutsideKey: boolean;
  /** The path with every token the mock knows, and the one presented, replaced by `[key]`. */
  path: string;
}

/** Notes the facts of a request to the API (`apiBase` is its base path). */
export function requestFacts(
  head: RequestHead,
  apiBase: string,
  deps: { matcher: RouteMatcher; keys: KeyStore; store: WorldStore },
): RequestFacts {
  const match = deps.matcher.match(head.method, head.path.slice(apiBase.length) || '/');
  const caller = authenticate(head.headers, deps.keys);
  const key = 'status' in caller ? undefined : caller.key;
  const route = match.kind === 'matched' ? match.route : undefined;
  const params = match.kind === 'matched' ? match.params : {};
  const bucket = route?.bucketScoped ? deps.store.buckets.get(params.bucketId) : undefined;
  const bucketOutsideKey = !!key && !!bucket && bucket.bucket.workspaceId === params.workspaceId && !reachesBucket(key, bucket.bucket.id);
  return { route, params, keyName: key?.name ?? null, bucketOutsideKey, path: blankTokens(head, deps.keys) };
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** The path of a request with every known token (and the presented one), plain or percent-encoded, replaced by `[key]`. */
export function blankTokens(head: RequestHead, keys: KeyStore): string {
  const presented = /^\s*\S+\s+(\S+)/.exec(head.headers.authorization ?? '')?.[1];
  const tokens = [...keys.tokens(), ...(presented ? [presented] : [])];
  const plain = decoded(head.path);
  // An encoded token is blanked in the decoded path (the only form in which it can be found).
  let path = tokens.some((token) => plain.includes(token) && !head.path.includes(token)) ? plain : head.path;
  for (const token of tokens) if (path.includes(token)) path = path.replaceAll(token, '[key]');
  return path;
}
