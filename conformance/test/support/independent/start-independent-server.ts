// Starts an independent implementation of the contract for tests: written from
// the contract and the gap register (nothing of the mock), with choices of its
// own where the register leaves one, production traits and planted faults as
// options. Hands back its origin, base URL and a deployment config for the
// suite (three keys: full, readonly, restricted; tokens inline: test keys).
import type { SuiteConfig } from '../../../config/config-types.ts';
import { notFound } from './answers.ts';
import { answerApi } from './dispatch.ts';
import type { Env } from './parts.ts';
import { FAULTS } from './faults/fault-registry.ts';
import { answerLink } from './handlers/links.ts';
import { HANDLERS } from './handlers/all-handlers.ts';
import { MAX_UPLOAD_BYTES } from './handlers/uploads.ts';
import { listen } from './http-server.ts';
import { idMaker } from './ids.ts';
import { KeyRing, makeKeys } from './keys.ts';
import { listingShape } from './listing/shapes.ts';
import { checkOptions, type IndependentOptions } from './options.ts';
import { defaultParts, type Parts } from './parts.ts';
import { createRouter } from './router.ts';
import { seedWorld } from './seed-world.ts';
import { sessionCookies } from './traits/cookies.ts';
import { blips, closeIdleConnections } from './traits/load-balancer.ts';
import { servesOnly } from './traits/partial.ts';
import { rateLimit } from './traits/rate-limit.ts';
import type { Answer, Incoming, Stage } from './types.ts';
import { World } from './world.ts';

export type { IndependentOptions } from './options.ts';
export { FAULT_NAMES, type FaultName } from './faults/fault-registry.ts';

export interface IndependentServer {
  origin: string;
  /** The origin and the contract's base path (`/api/v1`). */
  baseUrl: string;
  /** A deployment config for the suite, tokens inline. */
  config: SuiteConfig;
  world: World;
  close(): Promise<void>;
}

/** The traits in front of the server, outermost first: balancer, rate limiter, cookies, partial routing. */
function stagesOf(options: IndependentOptions, env: Env, cookies: boolean): Stage[] {
  const stages: Stage[] = [];
  if (options.blips) stages.push(blips(options.blips));
  if (options.rateLimit) stages.push(rateLimit(options.rateLimit));
  if (cookies) stages.push(sessionCookies(env.world));
  if (options.serves) stages.push(servesOnly(env.parts.router, options.serves));
  return stages;
}

/** Starts the server on 127.0.0.1 at an ephemeral port. */
export async function startIndependentServer(options: IndependentOptions = {}): Promise<IndependentServer> {
  checkOptions(options);
  const world = new World(idMaker(options.ids ?? 'prefixed'), options.consistencyLagMs ?? 0);
  const seeded = seedWorld(world);
  const keys = makeKeys(seeded.buckets.allowed);
  const router = createRouter();
  const faults = (options.faults ?? []).map((name) => FAULTS[name]);
  const parts = faults.reduce<Parts>((planted, fault) => fault.apply(planted), defaultParts(router, HANDLERS));
  const env: Env = {
    world,
    keys: new KeyRing(keys),
    shape: listingShape(options.listing?.shape ?? 'cursor', options.listing?.linkBody),
    paging: { pageSize: options.listing?.pageSize ?? 20, maxPageSize: options.listing?.maxPageSize ?? 100 },
    uploadDelayMs: options.uploadDelayMs ?? 0,
    parts,
  };
  const cookies = options.cookies === true || faults.some((f) => 'needs' in f && f.needs?.cookies);
  const core = async (request: Incoming): Promise<Answer> => {
    const link = answerLink(request, env);
    if (link) return link;
    const underBase = request.path.toLowerCase().startsWith(`${router.base.toLowerCase()}/`);
    return underBase ? answerApi(request, env) : notFound('route');
  };
  const answer = stagesOf(options, env, cookies).reduceRight<(request: Incoming) => Promise<Answer>>(
    (next, stage) => (request) => stage(request, next),
    core,
  );
  const idle = options.idleCloseMs;
  const listening = await listen(answer, {
    maxUploadBytes: MAX_UPLOAD_BYTES,
    configure: idle ? (server) => closeIdleConnections(server, idle) : undefined,
  });
  const baseUrl = `${listening.origin}${router.base}`;
  return {
    origin: listening.origin,
    baseUrl,
    config: {
      baseUrl,
      workspaceId: seeded.workspaceId,
      buckets: seeded.buckets,
      keys: keys.map((k) => ({ name: k.name, token: k.token, scopes: [...k.scopes], bucketIds: k.bucketIds && [...k.bucketIds] })),
      overrides: {},
    },
    world,
    close: listening.close,
  };
}
