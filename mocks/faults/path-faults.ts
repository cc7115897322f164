// Planted faults of path shapes and of the answers to unknown paths, unlisted
// methods and malformed parameters: each wraps the routing or parameter steps.
import { internalError, spaFallback } from './fault-answers.ts';
import { targets } from './fault-targets.ts';
import { patchSteps, type FaultDefinition } from './plant.ts';
import { notFound } from '../core/problems.ts';

// Google-style custom methods: the last '/' of the documented path becomes ':' (.../files/move → .../files:move).
const customMethodForm = (path: string) => path.replace(/\/([^/]*)$/, ':$1');
const documentedForm = (path: string) => path.replace(/:([^/:]*)$/, '/$1');

export const PATH_FAULTS = [
  {
    name: 'route-moved',
    description:
      'POST .../files/move, .../files/presign-download, .../files/upload-complete and .../suggestions, and PATCH .../trash, are served at custom-method paths (.../files:move and so on); the documented paths are 404.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        locate(method, path) {
          if (/:[^/]*$/.test(path)) {
            const moved = s.locate(method, documentedForm(path));
            return moved.kind === 'matched' && targets('route-moved', moved.route) && customMethodForm(documentedForm(path)) === path
              ? moved
              : { kind: 'not-found' };
          }
          const match = s.locate(method, path);
          return match.kind === 'matched' && targets('route-moved', match.route) ? { kind: 'not-found' } : match;
        },
      })),
  },
  {
    name: 'writes-as-put',
    description: 'PATCH .../files/{fileId}, PATCH .../intelligence and POST .../files/trash answer 405 and are served as PUT instead.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        locate(method, path) {
          if (method === 'PUT') {
            const written = [s.locate('PATCH', path), s.locate('POST', path)].find(
              (m) => m.kind === 'matched' && targets('writes-as-put', m.route),
            );
            return written ?? s.locate(method, path);
          }
          const match = s.locate(method, path);
          return match.kind === 'matched' && targets('writes-as-put', match.route)
            ? { kind: 'method-not-allowed', allowed: ['PUT'] }
            : match;
        },
      })),
  },
  {
    name: 'api-prefix-moved',
    description: 'Every route is served under /v1 instead of /api/v1; the documented paths are 404.',
    plant: (c) => ({ ...c, apiBase: c.apiBase.replace(/^\/api(?=\/)/, '') }),
  },
  {
    name: 'unknown-paths-served',
    description: 'Unknown paths, other version prefixes included, are answered 200 with an HTML page (a single-page-app fallback).',
    plant: (c) => ({
      ...patchSteps(c, (s) => ({
        unrouted: (match, request) => (match.kind === 'not-found' ? spaFallback() : s.unrouted(match, request)),
      })),
      endpoints: { ...c.endpoints, unknownPath: spaFallback },
    }),
  },
  {
    name: 'unlisted-method-404',
    description: 'A method the spec does not list on a known path is 404, not 405 with Allow.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        unrouted: (match, request) =>
          match.kind === 'method-not-allowed' ? notFound(`No route ${request.method} ${request.path}.`) : s.unrouted(match, request),
      })),
  },
  {
    name: 'bad-path-500',
    description: 'A path parameter that is not an id is answered 500.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        unrouted: (match, request) => (match.kind === 'bad-path' ? internalError() : s.unrouted(match, request)),
        checkPath: (route, params) => (s.checkPath(route, params) ? internalError() : undefined),
      })),
  },
  {
    name: 'bad-id-404',
    description: 'A path parameter that is not an id is 404 not_found instead of 400 invalid_request.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkPath: (route, params) => s.checkPath(route, params) && notFound('No such resource.'),
      })),
  },
] as const satisfies readonly FaultDefinition[];
