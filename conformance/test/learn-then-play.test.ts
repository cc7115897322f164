// Learn a deployment, then play it: the suite run with --learn against an
// independent implementation (one that chose differently from the gap register
// wherever it may) writes its profile; the mock playing that profile passes
// the suite at --level profile with the learned overrides, and fails the
// checks of each learned choice without them. A deployment whose 401 carries
// no challenge gets the AUTH-<op>-401 checks disabled, the one thing the mock
// cannot play so that they pass.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { loadProfileFile } from '../../mocks/profile/load-profile-file.ts';
import type { MockProfile } from '../../mocks/profile/check-profile.ts';
import type { Overrides } from '../config/config-types.ts';
import { independentImplementation } from './support/other-servers.ts';
import type { Rule } from './support/loopback-proxy.ts';
import { changedBy } from './support/override-changes.ts';
import { startVariant, type VariantContext } from './support/variant.ts';
import { describeRun, idsWith, runAgainst, type VariantRun } from './support/variant-run.ts';

/** Learns the deployment `rules` make of the mock (a core run) into a fresh file; the run, and the profile as the mock loads it. */
async function learn(rules: (context: VariantContext) => Rule[], grep?: string) {
  const deployment = await startVariant({ rules });
  try {
    const file = join(mkdtempSync(join(tmpdir(), 'bk-learn-')), 'profile.json');
    const run = await runAgainst(deployment, { level: 'core', grep, learn: file, overrides: { consistencyWindowMs: 1000 } });
    const text = readFileSync(file, 'utf8');
    // No key of the deployment in the profile, in any form the redactor knows.
    for (const key of deployment.keys) expect(text.includes(key.token), key.name).toBe(false);
    expect(run.redact.leaks(text)).toBe(false);
    return { run, profile: loadProfileFile(file) };
  } finally {
    await deployment.close();
  }
}

/** Runs the suite at profile level against the mock playing `profile`. */
async function play(profile: MockProfile, overrides: Overrides, grep?: string): Promise<VariantRun> {
  const mock = await startVariant({ profile });
  try {
    return await runAgainst(mock, { level: 'profile', overrides, grep });
  } finally {
    await mock.close();
  }
}

describe('learn an independent implementation, then play it', () => {
  let learned: Awaited<ReturnType<typeof learn>>;
  beforeAll(async () => {
    learned = await learn((c) => [independentImplementation({ ...c.buckets, fullToken: c.fullToken })]);
    console.log(describeRun('learning run (core)', learned.run));
  }, 120_000);

  it('learns its choices into a profile in the mock’s format, and prints the overrides', () => {
    const { profile, run } = learned;
    expect(run.exitCode).toBe(0);
    expect(profile.overrides).toEqual({ foreignBucketStatus: 403, errorFormat: 'any', unlistedMethodStatus: 404, maxPageSize: 100 });
    expect(profile.observed?.authChallenge).toBe('Bearer realm="api"');
    expect(profile.observed?.errorBody).toEqual({
      contentType: 'application/json',
      example: { error: { kind: expect.any(String), message: expect.any(String) } },
    });
    expect(profile.learnedFrom).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    expect(run.learned?.overrides).toEqual(profile.overrides);
    expect(run.learned?.lines).toContainEqual(expect.stringMatching(/^G16 maxPageSize: 100 \(.*100 served, 101 refused\)$/));
    // The learning config's own window is no choice of the deployment: said to be kept, not learned.
    expect(run.learned?.lines).toContain('not learned, keep them in the config beside the learned ones: consistencyWindowMs');
  });

  it('the suite at --level profile with the learned overrides passes against the mock playing the profile', async () => {
    const run = await play(learned.profile, learned.profile.overrides!);
    console.log(describeRun('profile run against the playing mock, learned overrides', run));
    expect(idsWith(run, 'fail')).toEqual([]);
    expect(run.exitCode).toBe(0);
    expect(run.summary.totals.pass).toBeGreaterThan(400);
  }, 180_000);

  it('without the learned overrides, it fails the checks of each learned choice, and only those', async () => {
    const run = await play(learned.profile, {});
    console.log(describeRun('profile run against the playing mock, no overrides', run));
    expect(run.exitCode).toBe(1);
    const failed = idsWith(run, 'fail');
    const overrides = learned.profile.overrides!;
    expect(failed.filter((id) => !changedBy(overrides).includes(id))).toEqual([]);
    for (const [name, value] of Object.entries(overrides)) {
      const ofChoice = changedBy({ [name]: value });
      expect(
        failed.filter((id) => ofChoice.includes(id)),
        name,
      ).not.toEqual([]);
    }
    for (const id of [
      'LIST-limit-maximum',
      'PATH-listFiles-unlisted-method-405',
      'BUCKET-listFiles-other-like-absent',
      'AUTH-listFiles-401',
    ])
      expect(failed, id).toContain(id);
  }, 180_000);
});

describe('a choice the mock cannot play so that the checks pass', () => {
  let learned: Awaited<ReturnType<typeof learn>>;
  const noChallenge: Rule = async (request, forward) => {
    const answer = await forward(request);
    const headers = { ...answer.headers };
    delete headers['www-authenticate'];
    return { ...answer, headers };
  };
  const auth401 = loadRouteTable().map((r) => `AUTH-${r.operationId}-401`);

  beforeAll(async () => {
    // Only two checks run: what is learned comes from the run's traffic and the learner's own probes.
    learned = await learn(() => [noChallenge], '^AUTH-listFiles-');
  }, 120_000);

  it('a 401 without WWW-Authenticate is learned as null, and every AUTH-<op>-401 check disabled', () => {
    expect(learned.profile.observed?.authChallenge).toBeNull();
    expect(learned.profile.overrides).toMatchObject({ foreignBucketStatus: 404, errorFormat: 'problem+json', unlistedMethodStatus: 405 });
    expect(learned.profile.overrides?.disable).toEqual(auth401);
    expect(learned.run.learned?.lines).toContainEqual(expect.stringMatching(/^disabled 21 checks \(AUTH-.*not a Bearer challenge$/));
  });

  it('the mock plays it: the AUTH checks pass at profile with the learned overrides, and fail without the disable list', async () => {
    const withIt = await play(learned.profile, learned.profile.overrides!, '^AUTH-');
    expect([withIt.exitCode, idsWith(withIt, 'fail')]).toEqual([0, []]);
    expect(idsWith(withIt, 'disabled').sort()).toEqual([...auth401].sort());
    const { disable: _disable, ...withoutDisable } = learned.profile.overrides!;
    const without = await play(learned.profile, withoutDisable, '^AUTH-');
    expect(idsWith(without, 'fail').sort()).toEqual([...auth401].sort());
  }, 120_000);
});
