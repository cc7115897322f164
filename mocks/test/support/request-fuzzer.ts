// Test support: a seeded generator of requests for every route of the route
// table: path parameters from the live world or odd strings, query values by
// their schema or broken, and bodies drawn from the request schema (valid
// often enough to change state) then sometimes broken, sent as JSON or not.
import type { Route } from '../../../openapi/contract/route-table.ts';
import type { ApiDocument } from '../../../openapi/contract/spec-refs.ts';
import { SeededStream } from '../../world/seeded-stream.ts';

type Schema = Record<string, any>;

/** Ids seen in the world so far, by bucket; the fuzzer draws real ones from here, mostly of the bucket it addresses. */
export interface FuzzPools {
  /** Bucket id → its workspace id. */
  buckets: Map<string, string>;
  files: Map<string, string[]>;
  trashed: Map<string, string[]>;
  uploads: string[];
}

export interface FuzzRequest {
  route: Route;
  /** The bucket the request addresses (real ids mostly come from it). */
  bucketId: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Adds ids to a bucket's list in a pool. */
export function remember(pool: Map<string, string[]>, bucketId: string, ids: string[]): void {
  const list = pool.get(bucketId);
  if (list) list.push(...ids);
  else pool.set(bucketId, [...ids]);
}

const ODD_STRINGS = ['', ' ', '..', '%2e%2e', '%E0%A4%A', '%00', 'a'.repeat(200), '😀', 'ws_0000', '-x', '__proto__', 'a/b', '\u00a0'];
const ODD_VALUES: unknown[] = [null, true, -1, 0, 1.5, 1e308, '', '\ud800', '\u007f', 'x'.repeat(3000), [], {}, [[[]]], { $ref: '#/x' }];
const WORDS = ['report', 'q3', 'budget', 'draft', 'final', 'invoice', 'notes', 'plan', 'review'];
const FOLDERS = ['fuzz/', 'fuzz/a/', 'archive/', '', 'reports/2025/'];

/** A request generator over the spec and the live pools, seeded; `keys[0]` is used most. */
export function createRequestFuzzer(spec: ApiDocument, routes: Route[], keys: string[], pools: FuzzPools, seed: number) {
  const rand = SeededStream.of(seed, 'request-fuzzer');
  const schemas = (spec.components?.schemas ?? {}) as Record<string, Schema>;
  const pick = <T>(list: readonly T[], fallback: T): T => (list.length > 0 ? rand.pick(list) : fallback);
  const word = () => rand.pick(WORDS);

  const buckets = [...pools.buckets.keys()];
  let bucket = buckets[0];
  // Ids of the addressed bucket most of the time, of any bucket sometimes.
  const ofBucket = (pool: Map<string, string[]>, fallback: string) =>
    rand.chance(0.85) ? pick(pool.get(bucket) ?? [], fallback) : pick(pool.get(rand.pick(buckets)) ?? [], fallback);

  function idFor(name: string): string {
    if (rand.chance(0.05)) return rand.pick(ODD_STRINGS);
    if (/upload/i.test(name)) return pick(pools.uploads, 'upl_missing');
    if (/bucket/i.test(name)) return rand.chance(0.7) ? bucket : rand.pick(buckets);
    if (/workspace/i.test(name)) return rand.chance(0.9) ? pools.buckets.get(bucket)! : pools.buckets.get(rand.pick(buckets))!;
    // Ids in restore/purge lists are trashed files most of the time.
    if (/restore|purge/i.test(name) && rand.chance(0.8)) return ofBucket(pools.trashed, 'file_missing');
    return ofBucket(pools.files, 'file_missing');
  }

  function value(schema: Schema | undefined, name: string, depth: number): unknown {
    if (!schema || depth > 6) return null;
    if (schema.$ref) {
      const ref = String(schema.$ref).split('/').pop()!;
      if (ref === 'Id') return idFor(name);
      if (ref === 'FilePath') return `${rand.pick(FOLDERS)}${word()}-${rand.int(0, 99)}.txt`;
      if (ref === 'FolderPrefix') return rand.pick(FOLDERS);
      return value(schemas[ref], name, depth + 1);
    }
    if (schema.const !== undefined) return schema.const;
    if (schema.enum) return rand.pick(schema.enum);
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants) return value(rand.pick(variants), name, depth + 1);
    const type = Array.isArray(schema.type) ? rand.pick(schema.type) : schema.type;
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [key, child] of Object.entries<Schema>(schema.properties ?? {}))
          if ((schema.required ?? []).includes(key) || rand.chance(0.5)) out[key] = value(child, key, depth + 1);
        return out;
      }
      case 'array': {
        const length = rand.int(schema.minItems ?? 0, Math.min(schema.maxItems ?? 4, 4));
        return Array.from({ length }, () => value(schema.items, name, depth + 1));
      }
      case 'integer':
      case 'number':
        return rand.int(schema.minimum ?? 0, Math.min(schema.maximum ?? 64, 64));
      case 'boolean':
        return rand.chance(0.5);
      case 'null':
        return null;
      default:
        if (schema.examples?.length) return rand.pick(schema.examples);
        if (schema.pattern) return 'x';
        return `${word()} ${word()}`.slice(0, schema.maxLength ?? 100);
    }
  }

  /** Drops, swaps or adds a field somewhere in a value. */
  function broken(input: unknown, depth = 0): unknown {
    if (Array.isArray(input)) return rand.chance(0.3) ? [] : input.map((v) => (rand.chance(0.3) ? broken(v, depth + 1) : v));
    if (input && typeof input === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(input))
        if (!rand.chance(0.2)) out[k] = rand.chance(0.3) ? rand.pick(ODD_VALUES) : broken(v, depth + 1);
      if (rand.chance(0.2)) out[word()] = rand.pick(ODD_VALUES);
      return out;
    }
    return rand.chance(0.4) ? rand.pick(ODD_VALUES) : input;
  }

  function query(route: Route): string {
    const params = new URLSearchParams();
    for (const param of route.queryParams) {
      if (!rand.chance(0.35)) continue;
      const raw = rand.chance(0.2) ? rand.pick(ODD_STRINGS) : value(param.schema as Schema, param.name, 0);
      params.append(param.name, String(raw));
      if (rand.chance(0.03)) params.append(param.name, 'again');
    }
    const text = params.toString();
    return text === '' ? (rand.chance(0.02) ? '?%E0%A4%A' : '') : `?${text}`;
  }

  /** The next request. */
  function next(): FuzzRequest {
    const route = rand.pick(routes);
    bucket = rand.pick(buckets);
    const path = route.pathTemplate.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const raw = name === 'bucketId' ? (rand.chance(0.95) ? bucket : rand.pick(ODD_STRINGS)) : idFor(name);
      return rand.chance(0.9) ? encodeURIComponent(raw) : raw.replace(/[/?#\s]/g, '');
    });
    const headers: Record<string, string> = {};
    if (!rand.chance(0.04))
      headers.authorization = rand.chance(0.04) ? 'Bearer bk_not_a_key' : `Bearer ${rand.chance(0.7) ? keys[0] : rand.pick(keys)}`;
    const method = rand.chance(0.04) ? rand.pick(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']) : route.method;
    let body: string | undefined;
    if (method !== 'GET' && method !== 'HEAD' && (route.requestBody || rand.chance(0.2))) {
      const made = value(route.requestBody ? { $ref: route.requestBody.schemaRef } : { type: 'object' }, 'body', 0);
      const roll = rand.next();
      body =
        roll < 0.05
          ? '{"unterminated'
          : roll < 0.08
            ? `[${'1,'.repeat(rand.int(1, 20_000))}1]`
            : JSON.stringify(rand.chance(0.55) ? made : broken(made));
      headers['content-type'] = rand.chance(0.93)
        ? 'application/json'
        : rand.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/merge-patch+json']);
    }
    if (rand.chance(0.03)) headers.prefer = `code=${rand.pick([200, 201, 404, 429, 418, 999])}`;
    return { route, bucketId: bucket, method, path: `${path}${query(route)}`, headers, body };
  }

  return { next, rand };
}
