// Starts one variant deployment for a test: the mock (optionally with planted
// faults), a loopback proxy applying the variant's rules, and optionally a
// hostile front; mints the embedded run's keys and hands back what a
// deployment config needs, in the ids the variant shows its clients.
import { startMockServer, type MockServer } from '../../../mocks/http/start-mock-server.ts';
import type { MockProfile } from '../../../mocks/profile/check-profile.ts';
import type { SuiteConfig } from '../../config/config-types.ts';
import { embeddedKeyPlan, embeddedScopes } from '../../embedded/embedded-keys.ts';
import { startLoopbackProxy, type LoopbackProxy, type Rule } from './loopback-proxy.ts';
import { startHostileFront, type HostileFront, type HostileRoute } from './hostile-front.ts';
import { mapIds, oddPublicIds, type IdWorld } from './odd-ids.ts';
import { serialIds } from './serial-ids.ts';
import { stackRules } from './rule-stack.ts';

/** What a variant's rules may need to know, in the mock's real ids (rules sit inside the id mapping). */
export interface VariantContext {
  mockOrigin: string;
  world: IdWorld;
  workspaceId: string;
  buckets: { allowed: string; other: string };
  /** A key with every scope and every bucket (an observer for eventual listings, a leaking server's key). */
  fullToken: string;
  /** Each bucket's workspace (for path shapes without the workspace). */
  workspaceOf: Map<string, string>;
}

export interface VariantOptions {
  /** Rules, outermost first, or a function making them once the mock and keys exist. */
  rules?: Rule[] | ((context: VariantContext) => Rule[]);
  /** Rules of the wire (content coding, media type, validators), outside the id mapping: they see every answer as the client gets it. */
  wireRules?: Rule[];
  /** Hostile answers served by a raw front server before the proxy (before the mock itself when there is no rule). */
  hostile?: readonly HostileRoute[];
  /** Planted mock faults, e.g. `upload-needs-complete`. */
  faults?: readonly string[];
  /** Show odd workspace and bucket ids (`ws:α.β~1@x+y z`, ...) instead of the mock's. */
  oddIds?: boolean;
  /** Show every id as a serial number ("1", "20"; JSON numbers in id fields with `asNumbers`; one sequence per kind with `perKind`) instead of the mock's. */
  serialIds?: boolean | { asNumbers?: boolean; perKind?: boolean };
  /** Tokens for the embedded keys by name (default: the mock picks them). */
  tokens?: Record<string, string>;
  /** A deployment's profile for the mock to play (as `bucketkit mock --profile`). */
  profile?: MockProfile;
}

/** A minted key as a deployment config lists it, token included. */
export interface VariantKey {
  name: string;
  scopes: string[];
  /** In the ids the variant shows. */
  bucketIds: string[] | null;
  token: string;
}

/** A running variant deployment. */
export interface Variant {
  /** The base URL clients use: the front's or the proxy's origin, then /api/v1. */
  baseUrl: string;
  origin: string;
  mock: MockServer;
  proxy: LoopbackProxy;
  front?: HostileFront;
  /** In the ids the variant shows (public ids with `oddIds`). */
  workspaceId: string;
  buckets: { allowed: string; other: string };
  /** The mock's own ids of the same workspace and buckets. */
  real: { workspaceId: string; buckets: { allowed: string; other: string } };
  /** The embedded run's keys: full, readonly, restricted (to the allowed bucket) and one per scope. */
  keys: VariantKey[];
  /** A deployment config for the suite, tokens inline. */
  config: SuiteConfig;
  /** The token of a key by name (throws for an unknown name). */
  token(name: string): string;
  /** Mints another key on the mock; `bucketIds` in the ids the variant shows (null: every bucket). */
  mintKey(scopes: string[], bucketIds?: string[] | null): Promise<string>;
  close(): Promise<void>;
}

async function postKey(origin: string, body: unknown): Promise<string> {
  const res = await fetch(`${origin}/__mock/keys`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`minting a key answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** Starts mock, proxy and (with `hostile`) front; close() stops all three. */
export async function startVariant(options: VariantOptions = {}): Promise<Variant> {
  const mock = await startMockServer({ host: '127.0.0.1', port: 0, faults: options.faults, profile: options.profile });
  const started: { close(): Promise<void> }[] = [mock];
  const close = async () => {
    for (const part of started.reverse()) await part.close();
  };
  try {
    const world = (await (await fetch(`${mock.origin}/__mock/info`)).json()) as IdWorld;
    const ws = world.workspaces.find((w) => w.buckets.length >= 2);
    if (!ws) throw new Error('The mock has no workspace with two buckets.');
    const real = { workspaceId: ws.id, buckets: { allowed: ws.buckets[0], other: ws.buckets[1] } };
    const serial = options.serialIds
      ? serialIds(world, mock.origin, typeof options.serialIds === 'object' ? options.serialIds : {})
      : undefined;
    const publicOf = options.oddIds ? oddPublicIds(world) : (serial?.publicOf ?? new Map<string, string>());
    const show = (id: string) => publicOf.get(id) ?? id;
    const realOf = new Map([...publicOf].map(([r, p]) => [p, r]));
    const mintKey = (scopes: string[], bucketIds: string[] | null = null) =>
      postKey(mock.origin, { scopes, bucketIds: bucketIds && bucketIds.map((id) => realOf.get(id) ?? id) });

    const keys: VariantKey[] = [];
    for (const key of embeddedKeyPlan(embeddedScopes(), real.buckets.allowed)) {
      const chosen = options.tokens?.[key.name];
      const token = await postKey(mock.origin, { scopes: key.scopes, bucketIds: key.bucketIds, ...(chosen ? { token: chosen } : {}) });
      keys.push({ ...key, bucketIds: key.bucketIds && key.bucketIds.map(show), token });
    }
    const fullToken = keys.find((k) => k.name === 'full')!.token;
    const workspaceOf = new Map(world.workspaces.flatMap((w) => w.buckets.map((b) => [b, w.id] as const)));
    const context: VariantContext = { mockOrigin: mock.origin, world, ...real, fullToken, workspaceOf };
    const rules = typeof options.rules === 'function' ? options.rules(context) : (options.rules ?? []);

    const proxy = await startLoopbackProxy(mock.origin);
    started.push(proxy);
    const wire = options.wireRules ?? [];
    proxy.use(stackRules(...wire, ...(options.oddIds ? [mapIds(publicOf)] : []), ...(serial ? [serial.rule] : []), ...rules));
    // With no rule to apply, the front streams straight to the mock: nothing on the way buffers a body.
    const behindFront = rules.length > 0 || wire.length > 0 || options.oddIds || serial ? proxy.origin : mock.origin;
    const front = options.hostile ? await startHostileFront(behindFront, options.hostile) : undefined;
    if (front) started.push(front);
    // Through the proxy even with nothing to apply: fronts a test puts before the variant forward their own Host,
    // which the proxy rewrites (the mock answers only to its own).
    const origin = front?.origin ?? proxy.origin;
    const shown = {
      workspaceId: show(real.workspaceId),
      buckets: { allowed: show(real.buckets.allowed), other: show(real.buckets.other) },
    };
    const baseUrl = `${origin}/api/v1`;
    return {
      baseUrl,
      origin,
      mock,
      proxy,
      front,
      ...shown,
      real,
      keys,
      config: { baseUrl, ...shown, keys: keys.map((k) => ({ ...k })), overrides: {} },
      token(name) {
        const key = keys.find((k) => k.name === name);
        if (!key) throw new Error(`No key ${name}; keys: ${keys.map((k) => k.name).join(', ')}.`);
        return key.token;
      },
      mintKey,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A variant whose uploads need POST .../files/upload-complete (the mock's `upload-needs-complete` fault), with `options`. */
export function startUploadNeedsCompleteVariant(options: Omit<VariantOptions, 'faults'> = {}): Promise<Variant> {
  return startVariant({ ...options, faults: ['upload-needs-complete'] });
}
