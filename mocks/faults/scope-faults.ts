// Planted faults of scope enforcement: each wraps the scope check (one keeps
// the refusal but lets the change through).
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { MockComponents } from '../core/components.ts';
import { forbiddenAnswer } from './fault-answers.ts';
import { targets } from './fault-targets.ts';
import { patchSteps, type FaultDefinition } from './plant.ts';

/** The fault's target route is served whatever scopes the key holds. */
const servedWithoutScope = (fault: 'scope-unenforced-mutating' | 'scope-unenforced-reading') => (c: MockComponents) =>
  patchSteps(c, (s) => ({
    checkScope: (route, caller, request) => (targets(fault, route) ? undefined : s.checkScope(route, caller, request)),
  }));

export const SCOPE_FAULTS = [
  {
    name: 'scope-unenforced-mutating',
    description: 'PATCH .../files/{fileId} (updateFile) is served without files:write.',
    plant: servedWithoutScope('scope-unenforced-mutating'),
  },
  {
    name: 'scope-unenforced-reading',
    description: 'GET .../automations (listAutomations) is served without automations:read.',
    plant: servedWithoutScope('scope-unenforced-reading'),
  },
  {
    name: 'scope-confused',
    description: 'GET .../files (listFiles) accepts files:write in place of files:read.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkScope(route, caller, request) {
          const refusal = s.checkScope(route, caller, request);
          const swapped = route.scope.replace(/:read$/, ':write');
          return refusal && targets('scope-confused', route) && caller.key.scopes.has(swapped) ? undefined : refusal;
        },
      })),
  },
  {
    name: 'scope-unenforced-everywhere',
    description: 'No route checks its scope: any valid key is served everywhere.',
    plant: (c) => patchSteps(c, () => ({ checkScope: () => undefined })),
  },
  {
    name: 'scope-refusal-unnamed',
    description: 'A missing scope is refused 403 forbidden, without insufficient_scope or requiredScope.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkScope(route, caller, request) {
          const refusal = s.checkScope(route, caller, request);
          return refusal && forbiddenAnswer('Access denied.');
        },
      })),
  },
  {
    name: 'refusal-changes-state',
    description: 'A request refused 403 insufficient_scope still applies its change (e.g. PATCH file tags).',
    plant: (c) => {
      // The refusal waits beside the request until its change has been applied.
      const deferred = new WeakMap<MockRequest, MockResponse>();
      return patchSteps(c, (s) => ({
        checkScope(route, caller, request) {
          const refusal = s.checkScope(route, caller, request);
          if (refusal) deferred.set(request, refusal);
          return undefined;
        },
        simulate: (route, request) => (deferred.has(request) ? undefined : s.simulate(route, request)),
        finish: (response, request) => s.finish(deferred.get(request) ?? response, request),
      }));
    },
  },
] as const satisfies readonly FaultDefinition[];
