// Who changed the other bucket, from the run's ledger of exchanges: a change
// there is explained by a write (any method but GET and HEAD) sent after the
// watch's baseline (less one consistency window: an earlier write may show
// late) by a configured key whose bucketIds reach the other bucket, that
// named that bucket (its path, or its body) and the changed item (its id,
// file id or path, in the URL, the body or the answer). Any other change was
// made by no key allowed there. The writes that may have made it are the
// served writes of the same span by keys barred from the bucket or by no key
// (a presigned URL): those naming the item first.
import { isSuccess } from '../../openapi/contract/route-table.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import type { ItemChange } from './other-bucket-state.ts';
import { reachesBucket } from '../oracles/who-may-call.ts';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The writes of the run answered at or after `sinceMs`. */
export function writesSince(exchanges: readonly LoggedExchange[], sinceMs: number): LoggedExchange[] {
  return exchanges.filter((ex) => !READS.has(ex.request.method.toUpperCase()) && (ex.at ?? 0) >= sinceMs);
}

const decoded = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
// The URL also as decoded: an id or path in a path segment or the query is percent-encoded there.
const textOf = (ex: LoggedExchange) => `${ex.url}\n${decoded(ex.url)}\n${ex.sentBody ?? ''}\n${ex.text}`;
const names = (ex: LoggedExchange, change: ItemChange) =>
  change.item.names.some((n) => textOf(ex).includes(n)) || textOf(ex).includes(change.item.key);
// A path segment names the bucket as sent, percent-encoded where the id holds characters a path may not.
const namesBucket = (ex: LoggedExchange, bucketId: string) =>
  new URL(ex.url).pathname.split('/').map(decoded).includes(bucketId) || (ex.sentBody ?? '').includes(JSON.stringify(bucketId));

/** Whether a write by a key allowed in the other bucket explains the change. */
export function explained(
  change: ItemChange,
  writes: readonly LoggedExchange[],
  keys: ReadonlyMap<string, ResolvedKey>,
  otherBucketId: string,
): boolean {
  return writes.some((ex) => {
    const key = ex.auth.kind === 'key' ? keys.get(ex.auth.key) : undefined;
    return key !== undefined && reachesBucket(key, otherBucketId) && namesBucket(ex, otherBucketId) && names(ex, change);
  });
}

/** The served writes by senders barred from the other bucket (or by no key) that may have made the changes, those naming one first. */
export function suspects(
  changes: readonly ItemChange[],
  writes: readonly LoggedExchange[],
  keys: ReadonlyMap<string, ResolvedKey>,
  otherBucketId: string,
): LoggedExchange[] {
  const barred = writes.filter((ex) => {
    if (!isSuccess(ex.status)) return false;
    if (ex.auth.kind !== 'key') return ex.request.auth !== undefined && 'none' in ex.request.auth;
    const key = keys.get(ex.auth.key);
    return key !== undefined && !reachesBucket(key, otherBucketId);
  });
  const naming = barred.filter((ex) => changes.some((c) => names(ex, c)));
  return [...naming, ...barred.filter((ex) => !naming.includes(ex))];
}

/** A write in one line, as a report names it: method, URL path, sender, variant, status. */
export function writeLine(ex: LoggedExchange): string {
  const url = new URL(ex.url);
  const sender = ex.auth.kind === 'key' ? `key "${ex.auth.key}"` : 'no key';
  const variant = ex.intent?.variant ? `, ${ex.intent.axis ? `${ex.intent.axis}: ` : ''}${ex.intent.variant}` : '';
  return `${ex.request.method} ${url.pathname} (${sender}${variant}) → ${ex.status}`;
}
