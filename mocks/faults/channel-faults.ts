// Planted faults of the channels a credential or a write arrives by: the key
// in another letter case, a session cookie in place of the key, and a write in
// a form's content type. Each wraps the authentication, scope or body step.
import type { MockRequest } from '../core/types.ts';
import { newToken } from '../handlers/new-id.ts';
import { patchSteps, type FaultDefinition } from './plant.ts';

/** The token of `Authorization: Bearer <token>`, however its letters are cased. */
const bearerToken = (header: string | undefined): string | undefined => /^[ \t]*bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];

/** The session cookie the cookie fault sets. */
export const SESSION_COOKIE = 'bk_session';

/** A cookie's value in a Cookie header. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [key, ...value] = pair.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

// The media types a web form (or any page, without asking) can send.
const FORM_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'];
const isFormWrite = (request: MockRequest): boolean =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  FORM_TYPES.includes((request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase());

export const CHANNEL_FAULTS = [
  {
    name: 'key-case-insensitive',
    description: 'A bearer token that differs from a key only in letter case (upper- or lower-cased) is accepted as that key.',
    plant: (c, deps) =>
      patchSteps(c, (s) => ({
        authenticate(request, query) {
          const result = s.authenticate(request, query);
          const token = 'refusal' in result ? bearerToken(request.headers.authorization) : undefined;
          const known = token && deps.keys.tokens().find((t) => t.toLowerCase() === token.toLowerCase());
          const key = known ? deps.keys.lookup(known) : undefined;
          return key && token ? { key, token } : result;
        },
      })),
  },
  {
    name: 'session-cookie-accepted',
    description: `Every answer to a request with a valid key sets a ${SESSION_COOKIE} session cookie; a request carrying that cookie and no Authorization header is served as that key.`,
    plant: (c, deps) => {
      // One session per key: the cookie names the token, the token the key (a forgotten key ends its session).
      const tokenOf = new Map<string, string>();
      const sessionOf = new Map<string, string>();
      const issued = new WeakMap<MockRequest, string>();
      return patchSteps(c, (s) => ({
        authenticate(request, query) {
          const session = request.headers.authorization === undefined ? cookieValue(request.headers.cookie, SESSION_COOKIE) : undefined;
          const carried = session === undefined ? undefined : tokenOf.get(session);
          const key = carried === undefined ? undefined : deps.keys.lookup(carried);
          if (key && carried) return { key, token: carried };
          const result = s.authenticate(request, query);
          if ('refusal' in result) return result;
          let id = sessionOf.get(result.token);
          if (id === undefined) {
            id = newToken();
            sessionOf.set(result.token, id);
            tokenOf.set(id, result.token);
          }
          issued.set(request, id);
          return result;
        },
        finish(response, request) {
          const answer = s.finish(response, request);
          const id = issued.get(request);
          const cookie = `${SESSION_COOKIE}=${id}; Path=${c.apiBase}; HttpOnly; SameSite=Lax`;
          return id === undefined ? answer : { ...answer, headers: { ...answer.headers, 'Set-Cookie': cookie } };
        },
      }));
    },
  },
  {
    name: 'non-json-write-skips-scope',
    description:
      'A write sent as text/plain, application/x-www-form-urlencoded or multipart/form-data skips the scope check, and its body is still read as JSON.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkScope: (route, caller, request) => (isFormWrite(request) ? undefined : s.checkScope(route, caller, request)),
        readBody(route, request) {
          const read = s.readBody(route, request);
          if (!('refusal' in read) || read.problem !== 'content-type' || !isFormWrite(request)) return read;
          return s.readBody(route, { ...request, headers: { ...request.headers, 'content-type': 'application/json' } });
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
