// Planted faults of the upload flow and presigned downloads.
import type { UploadFinisher } from '../core/presigned-endpoints.ts';
import { jsonResponse } from '../core/problems.ts';
import { jsonOf, patchSteps, withJson, wrapHandler, type FaultDefinition } from './plant.ts';

/** Keeps the bytes waiting for an upload-complete call instead of creating the file. */
const waitForComplete: UploadFinisher = async (_env, upload) => jsonResponse(200, { uploadId: upload.uploadId, status: 'received' });

export const UPLOAD_FAULTS = [
  {
    name: 'upload-needs-complete',
    description: 'Uploaded bytes never become a file until POST .../files/upload-complete, which is then allowed.',
    plant: (c) => ({
      ...patchSteps(c, () => ({ agentRule: () => undefined })),
      endpoints: { ...c.endpoints, finishUpload: waitForComplete },
    }),
  },
  {
    name: 'download-bytes-altered',
    description: 'Presigned downloads serve the bytes with a newline appended.',
    plant: (c) => ({
      ...c,
      endpoints: {
        ...c.endpoints,
        serveDownload(request, fileId) {
          const answer = c.endpoints.serveDownload(request, fileId);
          if (answer.status !== 200 || !(answer.body instanceof Uint8Array)) return answer;
          const body = new Uint8Array([...answer.body, 0x0a]);
          return { ...answer, body, headers: { ...answer.headers, 'Content-Length': String(body.length) } };
        },
      },
    }),
  },
  {
    name: 'upload-listed-size-zero',
    description: 'A file made by presign-upload and PUT is listed with size 0 (its status stays ready).',
    plant: (c) =>
      wrapHandler(c, 'listFiles', (inner) => async (ctx) => {
        const answer = await inner(ctx);
        const body = jsonOf(answer) as { data?: { id: string; size: number }[] } | undefined;
        if (answer.status !== 200 || !body?.data) return answer;
        return withJson(answer, { ...body, data: body.data.map((f) => (ctx.store.storedBytes.has(f.id) ? { ...f, size: 0 } : f)) });
      }),
  },
] as const satisfies readonly FaultDefinition[];
