// Planted faults of query strings: each wraps the query steps, answering some
// bad value with a crash or a silent default instead of a 400.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { MockComponents } from '../core/components.ts';
import { internalError } from './fault-answers.ts';
import { jsonOf, patchSteps, type FaultDefinition } from './plant.ts';

/** The largest page the contract allows (G16), read from the spec's `limit` parameter. */
export const maxLimit = (route: Route): number | undefined => route.queryParams.find((p) => p.name === 'limit')?.schema.maximum;

/** A query string that does not decode is answered 500 instead of 400. */
const crashOnUnreadableQuery = (c: MockComponents): MockComponents =>
  patchSteps(c, (s) => ({
    readQuery: (raw) => {
      const read = s.readQuery(raw);
      return 'refusal' in read ? { refusal: internalError() } : read;
    },
  }));

export const QUERY_FAULTS = [
  {
    name: 'bad-query-500',
    description: 'A query value of the wrong kind is answered 500.',
    plant: (c) =>
      patchSteps(crashOnUnreadableQuery(c), (s) => ({
        checkQuery: (route, params, query) => {
          const checked = s.checkQuery(route, params, query);
          return 'refusal' in checked ? { refusal: internalError() } : checked;
        },
      })),
  },
  {
    name: 'bad-query-defaulted',
    description: 'Query values of the wrong kind are replaced by defaults instead of refused 400.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkQuery(route, params, query) {
          const checked = s.checkQuery(route, params, query);
          if (!('refusal' in checked)) return checked;
          // Drops every value the refusal names and carries on with the defaults.
          const named = new Set(((jsonOf(checked.refusal) as { errors?: { field: string }[] }).errors ?? []).map((e) => e.field));
          return s.checkQuery(route, params, new URLSearchParams([...query].filter(([name]) => !named.has(name))));
        },
      })),
  },
  {
    name: 'query-nul-500',
    description: 'A query value holding a NUL (%00) is answered 500 on every listing.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkQuery: (route, params, query) =>
          route.method === 'GET' && [...query.values()].some((v) => v.includes('\u0000'))
            ? { refusal: internalError() }
            : s.checkQuery(route, params, query),
      })),
  },
  {
    name: 'query-not-utf8-500',
    description: 'A query string whose percent-escapes do not decode as UTF-8 (%FF%FE, a lone %) is answered 500.',
    plant: crashOnUnreadableQuery,
  },
  {
    name: 'limit-maximum-ignored',
    description: 'Listings accept limit above 1000 and clamp it to 1000 instead of answering 400 naming limit.',
    plant: (c) =>
      patchSteps(c, (s) => ({
        checkQuery(route, params, query) {
          const max = maxLimit(route);
          const limit = Number(query.get('limit'));
          if (max === undefined || !(limit > max)) return s.checkQuery(route, params, query);
          const clamped = new URLSearchParams(query);
          clamped.set('limit', String(max));
          return s.checkQuery(route, params, clamped);
        },
      })),
  },
] as const satisfies readonly FaultDefinition[];
