// Planted faults of what the operations answer: a field missing from File
// bodies, the first field of every body, 403 for an unknown file, and an
// upload accepted over an existing file.
import type { MockResponse } from '../core/types.ts';
import type { MockComponents } from '../core/components.ts';
import type { WorldStore } from '../store/world-store.ts';
import { forbiddenAnswer } from './fault-answers.ts';
import { FAULT_TARGETS } from './fault-targets.ts';
import { jsonOf, patchSteps, withJson, wrapHandler, type FaultDefinition } from './plant.ts';
import { faultRoutes, fileIdsNamed } from './fault-routes.ts';

/** A copy of a JSON value without `updatedAt` on every File-shaped object in it. */
function withoutFileUpdatedAt(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFileUpdatedAt);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([k, v]) => [k, withoutFileUpdatedAt(v)] as const);
  const isFile = 'path' in value && 'contentType' in value && 'sha256' in value;
  return Object.fromEntries(isFile ? entries.filter(([k]) => k !== 'updatedAt') : entries);
}

/** Drops the last property of a JSON object body, error bodies included (a serializer that stops one field short). */
function withoutLastField(response: MockResponse): MockResponse {
  const value = jsonOf(response);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return response;
  return withJson(response, Object.fromEntries(Object.entries(value).slice(0, -1)));
}

/** The store as an upload sees it when every path is free. */
const everyPathFree = (store: WorldStore): WorldStore =>
  new Proxy(store, { get: (target, name, receiver) => (name === 'pathTaken' ? () => false : Reflect.get(target, name, receiver)) });

export const RESPONSE_FAULTS = [
  {
    name: 'response-missing-field',
    description: 'File bodies lack the required updatedAt field.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        finish(response, request) {
          const body = jsonOf(response);
          return s.finish(
            body === undefined || response.status >= 400 ? response : withJson(response, withoutFileUpdatedAt(body)),
            request,
          );
        },
      })),
  },
  {
    name: 'response-last-field-dropped',
    description: 'Every JSON body, error bodies included, loses its last property.',
    plant: (c) => patchSteps(c, (s) => ({ finish: (response, request) => withoutLastField(s.finish(response, request)) })),
  },
  {
    name: 'unknown-file-403',
    description: 'A file id that does not exist is 403 forbidden instead of 404 not_found.',
    plant: (c, deps) => {
      const routes = faultRoutes(deps);
      return routes.fileNamers.reduce<MockComponents>(
        (acc, id) =>
          wrapHandler(acc, id, (inner) => async (ctx) => {
            const answer = await inner(ctx);
            const absent = fileIdsNamed(routes, id, ctx).find((fileId) => !ctx.store.filesById.has(fileId));
            return answer.status === 404 && absent ? forbiddenAnswer(`You may not use file ${absent}.`) : answer;
          }),
        c,
      );
    },
  },
  {
    name: 'path-conflict-overwrites',
    description: 'POST .../files/presign-upload at the path of an existing file is accepted instead of 409.',
    plant: (c) =>
      wrapHandler(c, FAULT_TARGETS['path-conflict-overwrites'], (inner) => (ctx) => inner({ ...ctx, store: everyPathFree(ctx.store) })),
  },
] as const satisfies readonly FaultDefinition[];
