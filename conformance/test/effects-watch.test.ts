// The effects watch (BUCKET-other-bucket-effects) in loopback runs of the
// suite's engine, narrowed to the operator checks that send the writes and
// the watch itself: each quiet write fault (its answer shows nothing of the
// other bucket, so the operator check passes) fails the watch, naming the
// changed item and the variant that made it; the correct mock passes; so
// does a run in which a key allowed in the other bucket writes there, and a
// deployment whose listings show writes late (eventual consistency).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEPLOYMENT_VARS, resolveTokens } from '../config/load-config.ts';
import type { SuiteConfig } from '../config/config-types.ts';
import { startEmbeddedTarget } from '../embedded/embedded-target.ts';
import { checkTarget } from '../engine/check-target.ts';
import { prepareTarget } from '../engine/prepare-target.ts';
import type { RunSession } from '../engine/run-session.ts';
import { callRequest, routeById } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';
import { BASELINE } from '../traffic/effects-baseline.ts';
import { eventualListings } from './support/eventual-listings.ts';
import { startVariant } from './support/variant.ts';

const WATCH = checkIds.effects();
const EMBEDDED_ENV = { ...process.env, ...Object.fromEntries(DEPLOYMENT_VARS.map((name) => [name, ''])) };
/** The watch and the operator checks of the routes whose writes it judges here. */
const grepOf = (...operations: string[]) => `^(${operations.map((op) => checkIds.oracle('bucket-limits', op)).join('|')}|${WATCH})$`;

/** Runs the narrowed suite against a deployment config; returns the watch's result and every result. */
async function watchRun(config: SuiteConfig, grep: string, options: { windowMs?: number; onSession?: (s: RunSession) => void } = {}) {
  const withWindow = { ...config, overrides: { ...config.overrides, consistencyWindowMs: options.windowMs ?? 300 } };
  const prepared = prepareTarget(withWindow, resolveTokens(withWindow, EMBEDDED_ENV), {
    name: 'effects-watch',
    reportDir: mkdtempSync(join(tmpdir(), 'bk-effects-')),
    level: 'core',
    readOnly: false,
    grep,
    requestTimeoutMs: 15_000,
    keepForRepro: false,
  });
  const { results } = await checkTarget(prepared, { onSession: options.onSession });
  return { watch: results.find((r) => r.id === WATCH)!, results };
}

async function onEmbedded<T>(faults: string[], task: (config: SuiteConfig) => Promise<T>): Promise<T> {
  const mock = await startEmbeddedTarget(faults);
  try {
    return await task(mock.config);
  } finally {
    await mock.close();
  }
}

const FAULTS = [
  {
    fault: 'restore-body-bucket-quiet',
    op: 'updateTrash',
    changed: /getTrash: .* removed/,
    by: /PATCH .*\/trash \(key "restricted", id-substitution/,
  },
  {
    fault: 'presigned-upload-bucket-swap',
    op: 'presignUpload',
    changed: /listFiles: .* added/,
    by: /PUT \/__uploads\/.* \(no key, id-substitution: presigned URL segment/,
  },
  {
    fault: 'automation-body-bucket-quiet',
    op: 'createAutomation',
    changed: /listAutomations: .* added/,
    by: /POST .*\/automations \(key "restricted", mass-assignment-single: 'bucketId'/,
  },
];

describe('the effects watch', () => {
  for (const { fault, op, changed, by } of FAULTS)
    it(`fails ${fault}, whose answers pass the operator check, naming the changed item and the variant`, { timeout: 120_000 }, async () => {
      const { watch, results } = await onEmbedded([fault], (config) => watchRun(config, grepOf(op)));
      expect(results.find((r) => r.id === checkIds.oracle('bucket-limits', op))?.status).toBe('pass');
      expect(watch.status, watch.reason).toBe('fail');
      expect(watch.failure?.actual).toMatch(changed);
      expect(watch.failure?.actual).toMatch(by);
    });

  it('passes the correct mock', { timeout: 120_000 }, async () => {
    const { watch } = await onEmbedded([], (config) => watchRun(config, grepOf('updateTrash', 'presignUpload', 'createAutomation')));
    expect(watch.status, watch.failure?.actual).toBe('pass');
    expect(watch.reason).toMatch(/watched 7 route\(s\) of the other bucket/);
  });

  it('passes a run in which a key allowed in the other bucket writes there after the baseline', { timeout: 120_000 }, async () => {
    const { watch } = await onEmbedded([], (config) => {
      const writes: Promise<unknown>[] = [];
      const writer = (session: RunSession) => {
        const { settings } = session;
        const full = settings.keys.find((k) => k.bucketIds === null && k.scopes.length > 5)!.name;
        writes.push(
          (async () => {
            while (!(await session.board.made(BASELINE))[BASELINE]) await new Promise((done) => setTimeout(done, 50));
            const automation = {
              name: 'made by a key allowed there',
              enabled: false,
              trigger: { event: 'file.uploaded' },
              action: { type: 'add_tags', tags: ['x'] },
            };
            await session.api.send(callRequest(routeById('createAutomation'), settings, 'other', { json: automation }, { key: full }));
            const intelligence = { instructions: 'changed by a key allowed there' };
            await session.api.send(callRequest(routeById('updateIntelligence'), settings, 'other', { json: intelligence }, { key: full }));
          })(),
        );
      };
      return watchRun(config, grepOf('updateTrash', 'createAutomation'), { onSession: writer }).finally(() => Promise.all(writes));
    });
    expect(watch.status, watch.failure?.actual).toBe('pass');
    expect(watch.reason).toMatch(/[2-9] change\(s\), each made by a key allowed there/);
  });

  it('passes a deployment whose listings show writes late, and still fails a quiet restore behind it', { timeout: 120_000 }, async () => {
    const run = async (faults: string[]) => {
      const variant = await startVariant({ faults, rules: (context) => [eventualListings({ observerToken: context.fullToken }).rule] });
      try {
        return (await watchRun(variant.config, grepOf('updateTrash'), { windowMs: 1000 })).watch;
      } finally {
        await variant.close();
      }
    };
    const [correct, quiet] = await Promise.all([run([]), run(['restore-body-bucket-quiet'])]);
    expect(correct.status, correct.failure?.actual).toBe('pass');
    expect(quiet.status, quiet.reason).toBe('fail');
  });
});
