// The server's own answer formats. Its error body is not the contract's
// problem+json (a choice the gap register leaves open, G11): an `error` object
// with the status, a reason word and a message, as many production APIs send.
import type { Answer } from './types.ts';

/** A JSON answer. */
export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  json: body,
  headers,
});

/** An error answer in the server's own format. */
export function failure(status: number, reason: string, message: string, extra: Record<string, unknown> = {}): Answer {
  return { status, json: { error: { status, reason, message, ...extra } } };
}

export const badRequest = (message: string, fields?: { field: string; message: string }[]) =>
  failure(400, 'bad_request', message, fields ? { fields } : {});
export const unauthorized = (): Answer => ({
  ...failure(401, 'unauthorized', 'A valid API key is required.'),
  headers: { 'WWW-Authenticate': 'Bearer realm="files"' },
});
export const forbidden = (message: string) => failure(403, 'forbidden', message);
export const notFound = (what = 'resource') => failure(404, 'not_found', `No such ${what}.`);
export const conflict = (message: string) => failure(409, 'conflict', message);
export const tooLarge = (message: string) => failure(413, 'too_large', message);
