// The set-up project's work: upload and tag the shared test files under the run
// prefix in both buckets, and remember the state the run may change.
import type { RunSettings } from '../config/config-types.ts';
import type { ApiClient } from '../http/api-client.ts';
import { appendLedger } from '../ledger/ledger.ts';
import { callRequest, routeById, type BucketRole } from '../checks/request-builder.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { pickHarnessKey } from '../plan/key-picker.ts';
import type { FixtureFile, SharedFixtures } from '../plan/fixture-types.ts';
import { requireHarnessKey, type WorkerFiles } from './disposable-files.ts';
import { runFiles } from './run-files.ts';

/** Records the intelligence instructions of both buckets so cleanup can restore them. */
async function rememberIntelligence(api: ApiClient, settings: RunSettings): Promise<void> {
  const read = routeById('getIntelligence');
  for (const bucket of ['allowed', 'other'] as BucketRole[]) {
    const key = pickHarnessKey(settings.keys, [read.scope], settings.buckets[bucket]);
    if (!key) continue;
    const ex = await api.send(callRequest(read, settings, bucket, {}, { key }));
    const instructions = (ex.json as { instructions?: string | null } | undefined)?.instructions;
    if (ex.status === 200 && instructions !== undefined)
      appendLedger(runFiles(settings.runDir).ledger, { kind: 'intelligence', bucketId: settings.buckets[bucket], instructions });
  }
}

/** Sets a file's description, for the search checks. */
async function describe(api: ApiClient, settings: RunSettings, file: FixtureFile, description: string): Promise<FixtureFile> {
  const update = routeById('updateFile');
  const ex = await api.send(
    callRequest(
      update,
      settings,
      'allowed',
      { fileId: file.id, json: { description } },
      { key: requireHarnessKey(settings, [update.scope], 'allowed') },
    ),
  );
  if (ex.status !== 200) throw new Error(`set-up: describing ${file.path} answered ${ex.status}`);
  return { ...file, description };
}

/** Prepares the shared test files; never throws: a failure leaves `ready: false` with the reason. */
export async function prepareFixtures(
  api: ApiClient,
  settings: RunSettings,
  files: WorkerFiles,
  unique: () => string,
): Promise<SharedFixtures> {
  appendLedger(runFiles(settings.runDir).ledger, {
    kind: 'run',
    runId: settings.runId,
    baseUrl: settings.baseUrl,
    workspaceId: settings.workspaceId,
    runPrefix: settings.runPrefix,
    at: new Date().toISOString(),
  });
  if (!canCreateFixtures(settings))
    return { ready: false, problem: settings.readOnly ? 'read-only run' : 'no key can upload to both buckets' };
  try {
    await rememberIntelligence(api, settings);
    const token = unique();
    const tags = { red: `bk-${token}-red`, blue: `bk-${token}-blue` };
    const word = `zq${token}`;
    const prefix = `${settings.runPrefix}list/`;
    const make = async (path: string, fileTags: string[]) => {
      const f = await files.create('allowed', { tags: fileTags.length ? fileTags : undefined, path });
      return f;
    };
    const listing = [
      await describe(api, settings, await make(`${prefix}red/one.txt`, [tags.red]), `Quarterly ${word} figures`),
      await make(`${prefix}red/two.txt`, [tags.red, tags.blue]),
      await describe(api, settings, await make(`${prefix}blue/three.txt`, [tags.blue]), 'Nothing to find here'),
      await make(`${prefix}blue/${word}-four.txt`, []),
    ];
    return {
      ready: true,
      allowedFile: await files.create('allowed', { path: `${settings.runPrefix}shared/allowed.txt` }),
      otherFile: await files.create('other', { path: `${settings.runPrefix}shared/other.txt` }),
      listing: { prefix, files: listing, tags, word },
    };
  } catch (error) {
    return { ready: false, problem: api.redact((error as Error).message) };
  }
}
