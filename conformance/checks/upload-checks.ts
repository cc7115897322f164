// Upload checks: presign-upload then PUT makes the file appear with no
// upload-complete call, within a bounded wait (core); it is listed ready with
// its size (profile); the download round-trips the bytes (core); and
// upload-complete is refused to an API-key client (profile).
import { overrideOf } from '../config/config-types.ts';
import type { Exchange } from '../http/api-client.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { expectServed, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { waitForFile, type ListedFile } from '../client/read-back.ts';
import { callRequest, routeById, type OperationCall } from '../client/request-builder.ts';
import { downloadUrl, uploadBytes } from '../client/upload.ts';
import { checkIds } from '../plan/check-ids.ts';
import { SetupError } from '../client/setup-error.ts';

/** Uploads a fresh file with the uploader key and waits for it with the reader key. */
async function uploadAndWait(
  ctx: CheckRun,
  withinMs: number,
): Promise<{ put: Exchange; listed?: ListedFile; path: string; bytes: string }> {
  const path = `${ctx.settings.runPrefix}uploads/${ctx.unique()}.txt`;
  const bytes = `bucketkit conformance upload ${ctx.unique()}\n`;
  const up = await uploadBytes(ctx.api, ctx.settings, ctx.keys.uploader[0], 'allowed', path, bytes, false);
  expectServed(up.presign, `a 2xx answer to ${routeLabel(routeById('presignUpload'))}`);
  await ctx.files.adopt('allowed', up.fileId, path);
  expectServed(up.put, 'a 2xx answer to the PUT of the bytes to the presigned URL');
  const listed = await waitForFile(ctx.api, ctx.settings, ctx.keys.reader[0], 'allowed', path, withinMs);
  return { put: up.put, listed, path, bytes };
}

/** The upload checks. */
export function uploadChecks(g: GeneratorContext): CheckDef[] {
  const presign = routeById('presignUpload');
  const download = routeById('presignDownload');
  const list = routeById('listFiles');
  const withinMs = overrideOf(g.overrides, 'consistencyWindowMs');
  const keys = { uploader: holder(presign, g.overrides), reader: holder(list, g.overrides) };
  return [
    {
      id: checkIds.uploadAppears(),
      title: `${routeLabel(presign)} then PUT to the URL makes the file appear in the listing within ${withinMs} ms, without upload-complete`,
      area: 'uploads',
      level: 'core',
      route: routeLabel(presign),
      keys,
      writes: true,
      fixtures: false,
      async run(ctx) {
        const { put, listed, path } = await uploadAndWait(ctx, withinMs);
        if (!listed)
          fail(
            `${path} listed within ${withinMs} ms of the PUT (overrides.consistencyWindowMs), with no upload-complete call`,
            put,
            'the file is not listed',
          );
      },
    },
    {
      id: checkIds.upload('listed-ready'),
      title: `${routeLabel(presign)} then PUT lists the file (within ${withinMs} ms) as "ready" with the size of the bytes`,
      area: 'uploads',
      level: 'profile',
      route: routeLabel(presign),
      keys,
      writes: true,
      fixtures: false,
      async run(ctx) {
        const { put, listed, path, bytes } = await uploadAndWait(ctx, withinMs);
        if (!listed) fail(`${path} listed within ${withinMs} ms of the PUT`, put, 'the file is not listed');
        if (listed.status !== 'ready') fail('status "ready"', put, `status ${JSON.stringify(listed.status)}`);
        if (listed.size !== Buffer.byteLength(bytes)) fail(`size ${Buffer.byteLength(bytes)}`, put, `size ${JSON.stringify(listed.size)}`);
      },
    },
    {
      id: checkIds.upload('download-round-trip'),
      title: `${routeLabel(download)} then GET of the URL returns the uploaded bytes`,
      area: 'uploads',
      level: 'core',
      route: routeLabel(download),
      keys: { downloader: holder(download, g.overrides) },
      writes: true,
      fixtures: true,
      async run(ctx) {
        const file = ctx.fixtures.allowedFile!;
        if (file.borrowed) throw new SetupError(`the round trip needs bytes the run uploaded: ${file.borrowed.why}`, file.borrowed.blame);
        const call: OperationCall<'presignDownload'> = { json: { fileId: file.id, disposition: 'attachment' } };
        const ex = await ctx.api.send(callRequest(download, ctx.settings, 'allowed', call, { key: ctx.keys.downloader[0] }));
        expectServed(ex);
        const url = downloadUrl(ex.json);
        if (!url) fail('a body with the download URL', ex);
        const got = await ctx.api.send({ method: 'GET', path: url });
        expectServed(got, 'a 2xx answer to the GET of the presigned URL');
        if (!got.body.equals(Buffer.from(file.content)))
          fail(`the ${Buffer.byteLength(file.content)} uploaded bytes`, got, `${got.body.length} other bytes`);
      },
    },
    ...g.routes
      .filter((r) => r.agentForbidden)
      .map((route): CheckDef => ({
        id: checkIds.agentForbidden(route.operationId),
        title: `${routeLabel(route)} with ${route.scope} is ${errorLabel(g.overrides, 403, 'agent_upload_complete_forbidden')} (agent clients must not call it)`,
        area: 'uploads',
        level: 'profile',
        route: routeLabel(route),
        keys: { holder: holder(route, g.overrides) },
        writes: true,
        fixtures: false,
        async run(ctx) {
          const call: OperationCall<'completeUpload'> = { json: { uploadId: `upl_${ctx.unique()}` } };
          const ex = await ctx.api.send(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
          expectError(ex, ctx, 403, 'agent_upload_complete_forbidden');
        },
      })),
  ];
}
