// Planted faults of request bodies: each wraps the body step, changing the
// answer to one kind of bad body (malformed JSON, wrong type, too large,
// unknown fields).
import type { MockRequest } from '../core/types.ts';
import { MAX_UPLOAD_BYTES } from '../core/presigned-endpoints.ts';
import { readJsonBody } from '../core/request-body.ts';
import { validationFailed } from '../core/problems.ts';
import { internalError } from './fault-answers.ts';
import { jsonOf, patchSteps, type FaultDefinition } from './plant.ts';

/** Removes the members a JSON pointer list names (`/a`, `/a/b`) from a parsed body. */
function withoutMembers(body: unknown, pointers: readonly string[]): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  for (const pointer of pointers) {
    const parts = pointer.split('/').slice(1);
    const last = parts.pop();
    const parent = parts.reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], copy);
    if (last !== undefined && parent && typeof parent === 'object') delete (parent as Record<string, unknown>)[last];
  }
  return copy;
}

const asJson = (request: MockRequest, body: unknown): MockRequest => ({ ...request, body: new TextEncoder().encode(JSON.stringify(body)) });

export const BODY_FAULTS = [
  {
    name: 'malformed-json-500',
    description: 'An unparseable JSON body is answered 500 instead of 400.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        readBody(route, request) {
          const read = s.readBody(route, request);
          return 'refusal' in read && read.problem === 'malformed' ? { ...read, refusal: internalError() } : read;
        },
      })),
  },
  {
    name: 'malformed-json-422',
    description: 'An unparseable JSON body is 422 validation_failed instead of 400 invalid_request.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        readBody(route, request) {
          const read = s.readBody(route, request);
          if (!('refusal' in read) || read.problem !== 'malformed') return read;
          const errors = (jsonOf(read.refusal) as { errors: Parameters<typeof validationFailed>[0] }).errors;
          return { ...read, refusal: validationFailed(errors) };
        },
      })),
  },
  {
    name: 'content-type-ignored',
    description: 'A JSON body sent as text/plain is parsed as JSON instead of refused 400.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        readBody(route, request) {
          const read = s.readBody(route, request);
          if (!('refusal' in read) || read.problem !== 'content-type') return read;
          return s.readBody(route, { ...request, headers: { ...request.headers, 'content-type': 'application/json' } });
        },
      })),
  },
  {
    name: 'unknown-fields-ignored',
    description: 'Request bodies may carry fields the schema does not know; they are ignored instead of refused 422.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        readBody(route, request) {
          const read = s.readBody(route, request);
          if (!('refusal' in read) || read.problem !== 'schema' || !request.body) return read;
          const errors = (jsonOf(read.refusal) as { errors: { field: string; message: string }[] }).errors;
          const unknown = errors.filter((e) => e.message === 'is not a known field').map((e) => e.field);
          if (unknown.length === 0) return read;
          const parsed: unknown = JSON.parse(new TextDecoder().decode(request.body));
          return s.readBody(route, asJson(request, withoutMembers(parsed, unknown)));
        },
      })),
  },
  {
    name: 'body-limit-ignored',
    description: 'JSON bodies over 1 MiB are read instead of refused 413.',
    plant: (c, deps) => ({
      ...patchSteps(c, (s) => ({
        readBody(route, request) {
          const read = s.readBody(route, request);
          return 'refusal' in read && read.problem === 'too-large' ? readJsonBody(route, request, deps.validator, MAX_UPLOAD_BYTES) : read;
        },
      })),
      // The front end must let the whole body arrive for it to be read.
      admitBody(head) {
        const own = c.admitBody(head);
        // Whatever the core decided for a JSON body's size (a limit, or a refusal of its declared length), take it all.
        return 'unread' in own || head.path.startsWith('/__uploads/') ? own : { limit: MAX_UPLOAD_BYTES };
      },
    }),
  },
] as const satisfies readonly FaultDefinition[];
