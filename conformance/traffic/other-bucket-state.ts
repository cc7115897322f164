// The other bucket's state as an observer reads it: every bucket-scoped GET
// of the route table that names nothing but the workspace and the bucket (its
// files, trash, automations, suggestions, shares, transfers, intelligence...),
// each read by a configured key that may (its scope, bucketIds reaching the
// other bucket), every page. Of each item it keeps its identity (its id, else
// its file's id) and the fields a client's write can set (the request-body
// fields of the contract's bucket-scoped writes): timestamps, counters, ETags
// and statuses a server moves by itself are no part of it. Two states are
// compared item by item: added, removed, or one of those fields changed.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { isSuccess, type Route } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import { callRequest } from '../client/request-builder.ts';
import { readPages } from '../client/read-back.ts';
import { loadContract, requestPropertiesOf } from '../operators/contract-fields.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { Api } from '../run/api.ts';
import { expectedScope } from '../oracles/who-may-call.ts';

/** One item as the watch keeps it: who it is, what names it in a request, and its client-settable fields. */
export interface WatchedItem {
  key: string;
  /** The strings a request acting on it would carry (its id, its file's id, its path). */
  names: string[];
  fields: Record<string, unknown>;
}

/** What each readable route showed, by operationId; `unread` says why a route was not read. */
export interface BucketState {
  routes: Record<string, WatchedItem[]>;
  unread: Record<string, string>;
}

export interface ItemChange {
  operationId: string;
  kind: 'added' | 'removed' | 'changed';
  item: WatchedItem;
  /** The fields that differ, for a change. */
  fields?: string[];
}

/** The GET routes of a bucket that need no id beside the workspace's and the bucket's. */
export function watchedRoutes(): Route[] {
  return loadRouteTable().filter(
    (r) => r.method === 'GET' && r.bucketScoped && r.pathParams.every((p) => p.name === 'workspaceId' || p.name === 'bucketId'),
  );
}

/** The fields a client's write can set on anything of a bucket: the body fields of its bucket-scoped writes. */
function settableFields(): Set<string> {
  const contract = loadContract();
  return new Set(contract.routes.filter((r) => r.bucketScoped && r.mutates).flatMap((r) => [...requestPropertiesOf(contract, r)]));
}

let settable: Set<string> | undefined;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;

/** A field's value as compared: a list of plain values in any order is the same list. */
function comparable(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => v === null || typeof v !== 'object')) return JSON.stringify([...value].map(String).sort());
  return JSON.stringify(value ?? null);
}

function watched(item: unknown): WatchedItem | undefined {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return undefined;
  const record = item as Record<string, unknown>;
  settable ??= settableFields();
  const fields = Object.fromEntries(Object.entries(record).filter(([name]) => settable!.has(name)));
  const names = [record.id, record.fileId, record.path].flatMap((v) => text(v) ?? []);
  // An item with no id and nothing a write sets has no identity to follow across reads: it is not watched.
  const key = text(record.id) ?? text(record.fileId) ?? (Object.keys(fields).length ? comparable(fields) : undefined);
  return key === undefined ? undefined : { key, names, fields };
}

/** The key that reads the route in the other bucket, if the config has one. */
export function observerOf(route: Route, settings: Pick<RunSettings, 'keys' | 'buckets' | 'overrides'>): string | undefined {
  return pickHarnessKey(settings.keys, [expectedScope(route, settings.overrides)], settings.buckets.other);
}

/** The largest page the route takes (fewer requests), when it names one. */
function widest(route: Route): Record<string, string> {
  const limit = route.queryParams.find((p) => p.name === 'limit');
  return typeof limit?.schema.maximum === 'number' ? { limit: String(limit.schema.maximum) } : {};
}

class Unread extends Error {}

/** Reads one route of the other bucket: every page of a listing, or the one record. */
async function readRoute(api: Api, settings: RunSettings, route: Route, key: string): Promise<WatchedItem[]> {
  const request = callRequest(route, settings, 'other', { query: widest(route) }, { key });
  const refuse = (status: number) => {
    throw new Unread(`its observer key "${key}" was answered ${status}`);
  };
  if (route.queryParams.some((p) => p.name === 'limit' || p.name === 'cursor')) {
    const listing = await readPages(api, request, { verify: (ex) => isSuccess(ex.status) || refuse(ex.status) });
    return listing.items.flatMap((item) => watched(item) ?? []);
  }
  const answer = await api.send(request);
  if (!isSuccess(answer.status)) refuse(answer.status);
  // One record of the bucket: a write to it names its path's last segment (.../intelligence).
  const resource =
    route.pathTemplate
      .split('/')
      .filter((s) => s && !s.startsWith('{'))
      .pop() ?? route.operationId;
  return [{ fields: {}, ...watched(answer.json), key: route.operationId, names: [`/${resource}`] }];
}

/** The other bucket's state now, as the config's keys may read it. */
export async function readOtherBucket(api: Api, settings: RunSettings): Promise<BucketState> {
  const state: BucketState = { routes: {}, unread: {} };
  await Promise.all(
    watchedRoutes().map(async (route) => {
      const key = observerOf(route, settings);
      if (!key) {
        state.unread[route.operationId] =
          `no key holds ${expectedScope(route, settings.overrides)} with bucketIds reaching the other bucket`;
        return;
      }
      try {
        state.routes[route.operationId] = await readRoute(api, settings, route, key);
      } catch (error) {
        state.unread[route.operationId] = error instanceof Unread ? error.message : `not read: ${(error as Error).message}`;
      }
    }),
  );
  return state;
}

/** What changed between two states, on the routes both read. */
export function changesBetween(before: BucketState, after: BucketState): ItemChange[] {
  const changes: ItemChange[] = [];
  for (const [operationId, was] of Object.entries(before.routes)) {
    const now = after.routes[operationId];
    if (!now) continue;
    const old = new Map(was.map((item) => [item.key, item]));
    const fresh = new Map(now.map((item) => [item.key, item]));
    for (const item of now) {
      const prior = old.get(item.key);
      if (!prior) {
        changes.push({ operationId, kind: 'added', item });
        continue;
      }
      const names = [...new Set([...Object.keys(prior.fields), ...Object.keys(item.fields)])];
      const fields = names.filter((name) => comparable(prior.fields[name]) !== comparable(item.fields[name]));
      if (fields.length) changes.push({ operationId, kind: 'changed', item, fields });
    }
    for (const item of was) if (!fresh.has(item.key)) changes.push({ operationId, kind: 'removed', item });
  }
  return changes;
}

/** A change in one line: "files: file_1 (a/b.txt) added". */
export function changeLine(change: ItemChange): string {
  const { item } = change;
  const named = item.names.filter((n) => n !== item.key);
  const what = `${item.key}${named.length ? ` (${named.join(', ')})` : ''}`;
  return `${change.operationId}: ${what} ${change.kind}${change.fields ? ` (${change.fields.join(', ')})` : ''}`;
}
