// A route's served proof when the run has no test data the route may act on
// (the deployment took no upload, and the call would trash, move or finish a
// file that is not the run's): the valid call naming a file that does not
// exist, beside a control request to a path no route of the contract has. An
// answer other than 404, 405 or 501 shows the route is there; a 405 or 501
// shows it is not. A 404 shows it is not when it is the deployment's answer to
// the control (same status, same kind of body, the same text once the path is
// taken out), or when the control is answered in JSON and it is not (a
// framework's stub, not the API's "no such file"); a JSON 404 of its own is
// the route's "no such file"; any other 404 proves nothing either way.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Exchange } from '../http/api-client.ts';
import { callRequest, type OperationCall } from '../client/request-builder.ts';
import { SetupError } from '../client/setup-error.ts';
import type { CheckRun, CheckSession } from '../plan/check-run.ts';
import type { DisposableFiles, FixtureFile, SharedFixtures } from '../plan/fixture-types.ts';
import { bookOf } from '../operations/books.ts';

/** Statuses of a valid call on a real target that say the route is not there at all. */
export const NOT_SERVED = [404, 405, 501];

/** What the absent-target call showed: the exchange, and whether the route is there. */
export interface AbsentTargetProof {
  ex: Exchange;
  served: boolean;
  /** How the control showed it, for the "not served" reason. */
  how: string;
}

/** A file that does not exist: nothing is uploaded. */
function absentFile(session: CheckSession, unique: () => string, bucket: 'allowed' | 'other'): FixtureFile {
  const token = unique();
  return {
    id: `bk-absent-${token}`,
    bucketId: session.settings.buckets[bucket],
    path: `${session.settings.runPrefix}absent/${token}.txt`,
    tags: [],
    description: null,
    content: '',
  };
}

const mediaType = (ex: Exchange) => (ex.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
const isJson = (ex: Exchange) => /[/+]json$/.test(mediaType(ex));
const masked = (ex: Exchange, path: string) => ex.text.split(path).join('{path}');

/** Sends the route's call on a file that does not exist, and a control to a path no route has; throws when neither tells. */
export async function proveOnAbsentTarget(
  session: CheckSession,
  route: Route,
  key: string,
  unique: () => string,
): Promise<AbsentTargetProof> {
  const files: DisposableFiles = {
    create: async (bucket) => absentFile(session, unique, bucket),
    adopt: async () => undefined,
  };
  const fixtures: SharedFixtures = {
    ready: true,
    allowedFile: absentFile(session, unique, 'allowed'),
    otherFile: absentFile(session, unique, 'other'),
  };
  const ctx: CheckRun = { ...session.context({ holder: [key] }, fixtures, new Set()), files };
  const book = bookOf(route);
  // A call the book cannot build without the deployment (an upload id) is sent with an empty body: a route that is there refuses it.
  const call: OperationCall = await (book.served ?? book.valid)(ctx, 'allowed').catch(() => ({ json: {} }));
  const request = callRequest(route, session.settings, 'allowed', call, { key });
  const ex = await session.api.send(request);
  if (!NOT_SERVED.includes(ex.status)) return { ex, served: true, how: '' };
  if (ex.status !== 404)
    return { ex, served: false, how: `(its call named a file that does not exist; ${ex.status} says the method is not there)` };
  const controlPath = `${request.path}/bk-no-such-route-${unique()}`;
  const control = await session.api.send({ ...request, path: controlPath });
  const same = control.status === 404 && mediaType(control) === mediaType(ex) && masked(control, controlPath) === masked(ex, request.path);
  if (same)
    return { ex, served: false, how: `(its call named a file that does not exist, and the answer is the one a path no route has gets)` };
  // The deployment's own "no such thing" is JSON (the control shows it): a 404 in another form comes from elsewhere (a framework's stub).
  if (isJson(control) && !isJson(ex))
    return { ex, served: false, how: `(its call named a file that does not exist, and the answer is not the deployment's JSON error)` };
  if (isJson(ex)) return { ex, served: true, how: '' };
  throw new SetupError(
    `the run has no test file ${route.operationId} may act on, and the 404 to its call naming a file that does not exist cannot be told from a route that is not there`,
    [],
  );
}
