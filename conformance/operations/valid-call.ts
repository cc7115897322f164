// A route's valid call on a real target of a bucket (with a valid body for a
// writing route), made once per run, route and bucket through the run board,
// whichever test asks first: each disposable file it acts on is an upload.
// Variant traffic sends it in other forms; it is never sent as it is here.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { BucketRole, OperationCall } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { bookOf } from './books.ts';

/**
 * The route's valid call on the bucket, made once per run (without the subject it acted on). A `lane` gets a call
 * of its own: traffic whose variants a server serves (and so act on the call's file) does not use up another's.
 */
export function validCall(ctx: CheckRun, route: Route, bucket: BucketRole, lane?: string): Promise<OperationCall> {
  return ctx.session.shared(`valid:${route.operationId}:${bucket}${lane ? `:${lane}` : ''}`, async () => {
    const { subject: _subject, ...call } = await bookOf(route).valid(ctx, bucket);
    return call;
  });
}
