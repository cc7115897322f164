// Session cookies: every answer to a request with a valid key sets one, as
// many web stacks do. A conforming server may set it; it must not take the
// cookie alone as a key (the `cookie-accepted-alone` fault does).
import { randomText } from '../ids.ts';
import type { World } from '../world.ts';
import type { Stage } from '../types.ts';

/** The cookie's name. */
export const SESSION_COOKIE = 'ik_session';

/** A stage setting a session cookie on every authenticated 2xx answer. */
export function sessionCookies(world: World): Stage {
  return async (request, next) => {
    const answer = await next(request);
    if (!answer.key || answer.status >= 300) return answer;
    const sid = randomText(32);
    world.sessions.set(sid, answer.key);
    return { ...answer, headers: { ...answer.headers, 'Set-Cookie': `${SESSION_COOKIE}=${sid}; Path=/; HttpOnly; SameSite=Lax` } };
  };
}

/** The session id a request's Cookie header carries. */
export function sessionOf(cookieHeader: string | undefined): string | undefined {
  return cookieHeader
    ?.split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === SESSION_COOKIE)?.[1];
}
