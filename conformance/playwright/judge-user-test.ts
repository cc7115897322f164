// A user's own test under the kit's fixtures: every exchange it sent is judged
// by the seed's rules (scope, auth, bucketIds, the file hierarchy, no 5xx) at
// the run's level, so a team's end-to-end tests check authorization for free.
import { buildCurl } from '../http/curl.ts';
import type { Attribution } from '../run/attribution.ts';
import { describeResponse } from '../client/assert.ts';
import { judgeExchanges, serverErrorOperations } from '../oracles/judge.ts';
import { discoverOtherBucket } from '../traffic/discover-other.ts';
import type { WorkerRun } from './worker-run.ts';
import { expect } from './conformance-expect.ts';

/** Fails the test (an assertion failure), naming the rule and the exchange, when an exchange it sent broke a rule. */
export async function judgeUserTest(run: WorkerRun, attribution: Attribution, title: string): Promise<void> {
  const { session } = run;
  if (attribution.exchanges.length === 0) return;
  // The checks make the other bucket's files the bucketIds rule looks for; a run of the user's tests alone has none.
  await discoverOtherBucket(session, 'every');
  const context = await session.judgeContext(serverErrorOperations(attribution.exchanges, session.settings.baseUrl));
  const { findings, judged, broken } = judgeExchanges(attribution.exchanges, context, session.settings.level, session.api.redact);
  if (findings.length === 0) return;
  const [first] = findings;
  const curl = session.api.redact(buildCurl(first.view.entry.sent, session.api.secrets()));
  expect({
    id: title,
    failure: {
      expected: `no exchange that breaks the rule "${first.rule}" (${broken} of ${judged} judged exchange(s) did)`,
      actual: `${first.route.method} ${first.route.pathTemplate}: ${first.what}; ${describeResponse(first.exchange)}`,
      curl,
    },
  }).toConform();
}
