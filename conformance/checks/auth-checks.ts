// Authentication checks, generated per route: no header, another scheme, an
// empty token, an unknown token and a key in the query string are all refused
// (core), as 401 unauthenticated with WWW-Authenticate: Bearer (profile); and
// each configured key behaves as declared (key-checks.ts).
import { randomUUID } from 'node:crypto';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Auth, Exchange } from '../http/api-client.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { ResolvedKey } from '../config/config-types.ts';
import { keyCheck } from './key-checks.ts';
import { expectNoData, expectRefused, fail } from '../client/assert.ts';
import { BEARER_CHALLENGE, errorLabel, expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest } from '../client/request-builder.ts';
import { checkIds, type AuthCase } from '../plan/check-ids.ts';

/** The ways a request can fail to present a valid key; the valid key is used where a lax server would accept it. */
export function invalidAuths(validKey: string, validToken: string, unknownToken: string): { label: string; auth: Auth }[] {
  return [
    { label: 'no Authorization header', auth: { none: true } },
    { label: 'another scheme (Token) with a valid key', auth: { header: `Token ${validToken}` } },
    { label: 'an empty bearer token', auth: { header: 'Bearer ' } },
    { label: 'an unknown token', auth: { header: `Bearer ${unknownToken}` } },
    { label: 'the key in ?access_token=', auth: { queryParam: 'access_token', key: validKey } },
    { label: 'the key in ?api_key=', auth: { queryParam: 'api_key', key: validKey } },
  ];
}

// The call is one a valid key would be served (on the run's own test files), so a
// server that lets a bad key through answers 2xx and the check fails; the first
// such answer ends the check, so the call is used up at most once.
async function eachInvalidAuth(ctx: CheckRun, route: Route, verify: (label: string, ex: Exchange) => void) {
  // Random, like a real key: the run id also travels in a header a server may echo, which must not read as the key.
  const unknown = `bk_unknown_${randomUUID().replace(/-/g, '')}`;
  const call = await bookOf(route).valid(ctx, 'allowed');
  for (const { label, auth } of invalidAuths(ctx.keys.valid[0], ctx.api.token(ctx.keys.valid[0]), unknown)) {
    verify(label, await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, auth)));
  }
}

type Verify = (label: string, ex: Exchange, ctx: CheckRun) => void;

/** One auth check of a route: every invalid way of presenting a key, each answer verified. */
function invalidAuthCheck(
  route: Route,
  g: GeneratorContext,
  slug: AuthCase,
  expectation: string,
  level: 'core' | 'profile',
  verify: Verify,
): CheckDef {
  return {
    id: checkIds.auth(route.operationId, slug),
    title: `${routeLabel(route)} without a valid bearer key is ${expectation}`,
    area: 'auth',
    level,
    route: routeLabel(route),
    keys: { valid: holder(route, g.overrides) },
    ...scenarioNeeds(route),
    run: (ctx) => eachInvalidAuth(ctx, route, (label, ex) => verify(label, ex, ctx)),
  };
}

/** Refused in any 4xx way (core), and exactly 401 with the Bearer challenge (profile). */
function routeAuthChecks(route: Route, g: GeneratorContext): CheckDef[] {
  return [
    invalidAuthCheck(route, g, 'refused', 'refused', 'core', (label, ex, ctx) => {
      expectRefused(ex, `a 4xx refusal with ${label}`);
      expectNoData(ex, route, ctx.validator, ctx.api.listingShapes?.itemsOf(route.operationId));
    }),
    invalidAuthCheck(
      route,
      g,
      '401',
      `${errorLabel(g.overrides, 401, 'unauthenticated')} with WWW-Authenticate: Bearer`,
      'profile',
      (label, ex, ctx) => {
        expectError(ex, ctx, 401, 'unauthenticated');
        const challenge = ex.headers['www-authenticate'] ?? '';
        if (!BEARER_CHALLENGE.test(challenge))
          fail(`a WWW-Authenticate: Bearer header with ${label}`, ex, `WWW-Authenticate "${challenge}"`);
      },
    ),
  ];
}

/** The auth checks of every route, and one check per configured key. */
export function authChecks(g: GeneratorContext, keys: ResolvedKey[]): CheckDef[] {
  return [...g.routes.flatMap((route) => routeAuthChecks(route, g)), ...keys.map((k) => keyCheck(k, g))];
}
