// Upload checks: presign-upload then PUT makes the file appear as ready with
// no upload-complete call (core), the download round-trips the bytes (core),
// and upload-complete is refused to an API-key client (profile).
import type { CheckDef } from '../plan/check-types.ts';
import { expectProblem, expectServed, fail } from './assert.ts';
import { uploadBytes } from './upload.ts';
import { holder, routeTitle, type GeneratorContext } from './generator-context.ts';
import { callRequest, fileAt, routeById } from './request-builder.ts';

/** The upload checks. */
export function uploadChecks(g: GeneratorContext): CheckDef[] {
  const presign = routeById('presignUpload');
  const download = routeById('presignDownload');
  const list = routeById('listFiles');
  const agentForbidden = g.routes.filter((r) => r.agentForbidden);
  const content = (marker: string) => `bucketkit conformance upload ${marker}\n`;
  return [
    {
      id: 'UPLOAD-appears-without-complete',
      title: `${routeTitle(presign)} then PUT to the URL makes the file appear in the listing without upload-complete`,
      area: 'uploads',
      level: 'core',
      route: routeTitle(presign),
      keys: { uploader: holder(presign, g.overrides), reader: holder(list, g.overrides) },
      writes: true,
      fixtures: false,
      async run(ctx) {
        const path = `${ctx.settings.runPrefix}uploads/${ctx.unique()}.txt`;
        const bytes = content(ctx.unique());
        const up = await uploadBytes(ctx.api, ctx.settings, ctx.keys.uploader[0], 'allowed', path, bytes, false);
        expectServed(up.presign, `a 2xx answer to ${routeTitle(presign)}`);
        await ctx.files.adopt('allowed', up.fileId, path);
        expectServed(up.put, 'a 2xx answer to the PUT of the bytes to the presigned URL');
        const listed = await fileAt(ctx, 'allowed', path);
        if (!listed) fail(`${path} listed right after the PUT, with no upload-complete call`, up.put, 'the file is not listed');
        if (listed.size !== undefined && listed.size !== Buffer.byteLength(bytes))
          fail(`size ${Buffer.byteLength(bytes)}`, up.put, `size ${listed.size}`);
        if (listed.status !== undefined && listed.status !== 'ready') fail('status "ready"', up.put, `status "${listed.status}"`);
      },
    },
    {
      id: 'UPLOAD-download-round-trip',
      title: `${routeTitle(download)} then GET of the URL returns the uploaded bytes`,
      area: 'uploads',
      level: 'core',
      route: routeTitle(download),
      keys: { downloader: holder(download, g.overrides) },
      writes: true,
      fixtures: true,
      async run(ctx) {
        const file = ctx.fixtures.allowedFile!;
        const ex = await ctx.api.send(
          callRequest(download, ctx.settings, 'allowed', { json: { fileId: file.id } }, { key: ctx.keys.downloader[0] }),
        );
        expectServed(ex);
        const url = (ex.json as { url?: string }).url;
        if (!url) fail('a body with the download url', ex);
        const got = await ctx.api.send({ method: 'GET', path: url });
        expectServed(got, 'a 2xx answer to the GET of the presigned URL');
        if (!got.body.equals(Buffer.from(file.content)))
          fail(`the ${Buffer.byteLength(file.content)} uploaded bytes`, got, `${got.body.length} other bytes`);
      },
    },
    ...agentForbidden.map((route): CheckDef => ({
      id: `UPLOAD-${route.operationId}-agent-forbidden`,
      title: `${routeTitle(route)} with ${route.scope} is 403 agent_upload_complete_forbidden (agent clients must not call it)`,
      area: 'uploads',
      level: 'profile',
      route: routeTitle(route),
      keys: { holder: holder(route, g.overrides) },
      writes: true,
      fixtures: false,
      async run(ctx) {
        const ex = await ctx.api.send(
          callRequest(route, ctx.settings, 'allowed', { json: { uploadId: `upl_${ctx.unique()}` } }, { key: ctx.keys.holder[0] }),
        );
        expectProblem(ex, 403, 'agent_upload_complete_forbidden', ctx.validator);
      },
    })),
  ];
}
