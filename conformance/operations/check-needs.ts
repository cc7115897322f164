// What a route's book asks of a check that sends its valid call: the test
// files it needs (shared ones wait for the set-up; disposable ones the check
// makes), whether it writes, the scopes the harness needs, and a lock when the
// call changes bucket-wide state. Check generators spread these into a CheckDef.
import type { Route } from '../../openapi/contract/route-table.ts';
import { routeById } from '../client/request-builder.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { bookOf } from './books.ts';

/** Scopes the harness needs to upload a test file and wait until it is listed. */
export const DISPOSABLE_SCOPES = [routeById('presignUpload').scope, routeById('listFiles').scope];

/** The set-up a route's book needs, as check fields (fixtures, writes, harness scopes). */
export function scenarioNeeds(
  route: Route,
  bucket: 'allowed' | 'other' = 'allowed',
): Pick<CheckDef, 'fixtures' | 'needs' | 'writes' | 'harness' | 'exclusive'> {
  const book = bookOf(route);
  const scopes = [...new Set([...(book.files === 'disposable' ? DISPOSABLE_SCOPES : []), ...book.harnessScopes])];
  return {
    exclusive: book.exclusive ? `${route.operationId}-${bucket}` : undefined,
    // Disposable files are made by the check itself; only the shared ones wait for the set-up.
    fixtures: book.files === 'shared',
    // The valid call names the shared file of its bucket, and waits for no other part.
    needs: book.files === 'shared' ? [bucket === 'other' ? 'otherFile' : 'allowedFile'] : undefined,
    writes: route.mutates || book.files === 'disposable',
    harness: scopes.length ? [{ scopes, bucket }] : [],
  };
}
