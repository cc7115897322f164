// The kit's Playwright fixtures. Every worker joins the run once (its session
// over the run board); every test gets the record its requests are attributed
// to. A check's test runs its check (check-test.ts); any other test — a user's
// own — has each exchange it sent judged by the seed's rules as it ends, fails
// naming the rule an exchange broke, and is written to the run's record.
import {
  _baseTest,
  test as base,
  type Fixtures,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
  type TestType,
} from '@playwright/test';
import { attributeProcess, attributionOf, type Attribution } from '../run/attribution.ts';
import { attachExchanges } from './exchange-attachment.ts';
import { judgeUserTest } from './judge-user-test.ts';
import { countsOf } from '../report/client-counts.ts';
import { NOTE, noteOf } from './outcome-notes.ts';
import { joinRun, type WorkerRun } from './worker-run.ts';
import { writeShapes } from '../engine/shapes-file.ts';
import { userTestOf } from './result-of-test.ts';

export interface KitWorkerFixtures {
  /** This worker's part of the run: its session (client, test files, proofs) over the run board. */
  bucketkitRun: WorkerRun;
}

export interface KitTestFixtures {
  /** What the running test sent, for its report and for the rules judged as it ends. */
  bucketkitExchanges: Attribution;
}

/** Playwright's test with the kit's fixtures; typed by name so declarations point at `@playwright/test` only. */
export type KitTest<T extends object = object> = TestType<
  PlaywrightTestArgs & PlaywrightTestOptions & KitTestFixtures & T,
  PlaywrightWorkerArgs & PlaywrightWorkerOptions & KitWorkerFixtures
>;

const kitFixtures: Fixtures<KitTestFixtures, KitWorkerFixtures> = {
  bucketkitRun: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter.
    async ({}, use, workerInfo) => {
      const run = await joinRun(workerInfo.workerIndex);
      try {
        await use(run);
      } finally {
        writeShapes(run.session.settings.runDir, run.tag, run.session.api.listingShapes, run.session.api.redact);
        await run.board.count(countsOf(run.client.stats())).catch(() => undefined);
        run.board.close();
        await run.client.close();
      }
    },
    { scope: 'worker' },
  ],
  bucketkitExchanges: [
    async ({ bucketkitRun }, use, testInfo) => {
      const check = noteOf(testInfo.annotations, NOTE.requirement);
      const attribution = attributionOf(check ?? testInfo.titlePath.slice(1).join(' › '), 'check');
      attributeProcess(attribution);
      try {
        await use(attribution);
      } finally {
        attributeProcess(undefined);
      }
      // A check judges its own exchanges and attaches them (check-test.ts); a user's test is judged here.
      if (check === undefined) {
        await attachExchanges(testInfo, attribution, bucketkitRun.session.api.redact);
        let broken: unknown;
        try {
          await judgeUserTest(bucketkitRun, attribution, testInfo.title);
        } catch (error) {
          broken = error;
        }
        bucketkitRun.record.user(userTestOf(testInfo, broken, bucketkitRun.session.api.redact));
        if (broken) throw broken;
      }
    },
    { auto: true },
  ],
};

/** The kit's test for a user's own tests: Playwright's, with its browser fixtures (`page`, `request`, ...), and the kit's. */
export const test: KitTest = base.extend<KitTestFixtures, KitWorkerFixtures>(kitFixtures);

/**
 * The test every check is declared with: the kit's fixtures on Playwright's bare test. A check drives no browser,
 * and Playwright's browser fixtures would cost each check four stack traces (their hooks' steps) and each worker
 * the browser client's start.
 */
export const checkTest = _baseTest.extend<KitTestFixtures, KitWorkerFixtures>(kitFixtures);

export { expect } from '@playwright/test';
