// The presigned links themselves, outside the API's base path and without a
// key: PUT the bytes of an upload, GET the bytes of a download.
import { createHash } from 'node:crypto';
import { badRequest, conflict, failure, notFound } from '../answers.ts';
import type { Env } from '../parts.ts';
import { addFile, nameOf } from '../file-ops.ts';
import type { Answer, Incoming } from '../types.ts';

function receive(secret: string, request: Incoming, env: Env): Answer {
  const upload = env.world.uploads.get(env.world.uploadLinks.get(secret) ?? '');
  if (!upload || upload.expiresAt < Date.now()) return notFound('upload');
  if (upload.received) return conflict('The bytes of this upload have arrived already.');
  if (request.body.length !== upload.size) return badRequest(`Send exactly ${upload.size} bytes, as presigned.`);
  env.world.uploads.set(upload.id, { ...upload, received: true });
  const bytes = request.body;
  const store = () => addFile(env.world, { ...upload, id: upload.fileId, bytes });
  if (env.uploadDelayMs > 0) setTimeout(store, env.uploadDelayMs).unref();
  else store();
  return { status: 200, headers: { ETag: `"${createHash('md5').update(bytes).digest('hex')}"` } };
}

function serve(secret: string, env: Env): Answer {
  const link = env.world.downloadLinks.get(secret);
  const file = link && link.expiresAt >= Date.now() ? env.world.files.get(link.fileId) : undefined;
  const bytes = file && file.status === 'ready' ? env.world.blobs.get(file.id) : undefined;
  if (!file || !bytes || !link) return notFound('download');
  return {
    status: 200,
    raw: bytes,
    headers: {
      'Content-Type': file.contentType,
      'Content-Disposition': `${link.disposition}; filename*=UTF-8''${encodeURIComponent(nameOf(file.path))}`,
    },
  };
}

/** Answers a request to a presigned link, or undefined when the path is no link. */
export function answerLink(request: Incoming, env: Env): Answer | undefined {
  const link = /^\/(uploads|downloads)\/([A-Za-z0-9]+)$/.exec(request.path);
  if (!link) return undefined;
  if (link[1] === 'uploads')
    return request.method === 'PUT' ? receive(link[2], request, env) : failure(405, 'method_not_allowed', 'PUT the bytes.');
  return request.method === 'GET' || request.method === 'HEAD' ? serve(link[2], env) : failure(405, 'method_not_allowed', 'GET the bytes.');
}
