// The ways a check ends without a verdict: not run (and why), not served, or
// not proven. A check that passes returns; one whose server broke the rule
// throws a CheckFailure (client/assert.ts); these say there is no verdict either way.

/** A check that gives no verdict: not run (with why), not served, or not proven. */
export class NotRun extends Error {
  constructor(
    /**
     * How reports count it: `error` (could not run), `unserved` (its route is not there), `skip` (nothing could show
     * the rule), `unbuilt` (a route's served check: the route is not built yet).
     */
    readonly status: 'error' | 'unserved' | 'skip' | 'unbuilt',
    reason: string,
  ) {
    super(reason);
  }
}

/** A rule that no exchange of the check could show broken or kept: it judges nothing. */
export class NotProven extends Error {}
