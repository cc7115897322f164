// Planted faults in who may call what: each breaks one seed rule (§5: a
// bearer key, scopes enforced per route) one request away from where a
// careful check would look.
import { checkBody, isJsonType, parseJson } from '../body.ts';
import { bearerToken } from '../parts.ts';
import { sessionOf } from '../traits/cookies.ts';
import type { FaultDef } from './fault-types.ts';

export const AUTH_FAULTS = {
  'key-any-case': {
    area: 'auth',
    breaks: 'a key is its exact secret: the secret in another letter case is accepted (a case-blind collation)',
    apply: (parts) => ({
      ...parts,
      authenticate: (request, env) => {
        const token = bearerToken(request)?.toLowerCase();
        return parts.authenticate(request, env) ?? env.keys.keys.find((k) => k.token.toLowerCase() === token);
      },
    }),
  },
  'cookie-accepted-alone': {
    area: 'auth',
    breaks: 'every request carries a bearer key: the session cookie an earlier answer set is accepted without one',
    needs: { cookies: true },
    apply: (parts) => ({
      ...parts,
      authenticate: (request, env) => {
        const cookie = request.headers.cookie;
        return parts.authenticate(request, env) ?? env.world.sessions.get(sessionOf(cookie) ?? '');
      },
    }),
  },
  'scope-skipped-for-case-variant': {
    area: 'scopes',
    breaks: 'scopes are enforced per route: a literal path segment in another letter case routes, but skips the scope check',
    apply: (parts) => ({ ...parts, permits: (key, matched, request) => !matched.literalCaseExact || parts.permits(key, matched, request) }),
  },
  'non-json-write-skips-scope': {
    area: 'scopes',
    breaks: 'scopes are enforced per route: a write whose body is not sent as JSON is parsed anyway and skips the scope check',
    apply: (parts) => ({
      ...parts,
      permits: (key, matched, request) =>
        (matched.route.mutates && !isJsonType(request.headers['content-type'])) || parts.permits(key, matched, request),
      readBody: (request, route) => {
        if (isJsonType(request.headers['content-type'])) return parts.readBody(request, route);
        const parsed = parseJson(request.body);
        return parsed ? checkBody(route, parsed.value, request.body.length) : parts.readBody(request, route);
      },
    }),
  },
  'update-file-scope-unchecked': {
    area: 'scopes',
    breaks: 'PATCH .../files/{fileId} needs files:write: any key may change tags',
    apply: (parts) => ({
      ...parts,
      permits: (key, matched, request) => matched.route.operationId === 'updateFile' || parts.permits(key, matched, request),
    }),
  },
} satisfies Record<string, FaultDef>;
