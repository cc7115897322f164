// Plays a deployment's profile back: each choice replaces or wraps one step
// of the mock's components and changes exactly what it says (a foreign bucket
// 403, an unlisted method 404 without Allow, a route's own scope, listings capped at maxPageSize,
// the deployment's 401 challenge). The error body's shape is the app's
// ErrorFormat (error-format.ts), applied to every API answer.
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import { patchSteps } from '../core/components.ts';
import { reachesBucket } from '../core/access-rules.ts';
import { badRequest, PROBLEM_TYPE } from '../core/problems.ts';
import type { MockResponse } from '../core/types.ts';
import type { MockProfile } from './check-profile.ts';
import { observedFormat, problemFormat, type ErrorFormat } from './error-format.ts';

/** The code of a foreign bucket's 403: the gap register names none (G13), so this is the generic one. */
export const FOREIGN_BUCKET_CODE = 'forbidden';

function forbiddenBucket(bucketId: string): MockResponse {
  const body = {
    type: `urn:bucketkit:problem:${FOREIGN_BUCKET_CODE}`,
    title: 'Forbidden',
    status: 403,
    code: FOREIGN_BUCKET_CODE,
    detail: `This key may not reach bucket ${bucketId}.`,
  };
  return { status: 403, headers: { 'Content-Type': PROBLEM_TYPE }, body: JSON.stringify(body) };
}

const withoutHeader = (headers: Record<string, string>, name: string): Record<string, string> =>
  Object.fromEntries(Object.entries(headers).filter(([n]) => n.toLowerCase() !== name));

/** The components with the profile's choices played; the contract's where it makes none. */
export function playProfile(components: MockComponents, deps: ComponentDeps, profile: MockProfile): MockComponents {
  const overrides = profile.overrides ?? {};
  let c = components;
  if (overrides.foreignBucketStatus === 403) {
    c = patchSteps(c, (s) => ({
      findBucket(route, caller, params) {
        const place = s.findBucket(route, caller, params);
        if (!('refusal' in place) || !route.bucketScoped) return place;
        const bucket = deps.env.store.buckets.get(params.bucketId);
        const foreign = bucket?.bucket.workspaceId === params.workspaceId && !reachesBucket(caller.key, params.bucketId);
        return foreign ? { refusal: forbiddenBucket(params.bucketId) } : place;
      },
    }));
  }
  if (overrides.unlistedMethodStatus === 404) {
    c = patchSteps(c, (s) => ({
      unrouted: (match, request) => s.unrouted(match.kind === 'method-not-allowed' ? { kind: 'not-found' } : match, request),
    }));
  }
  const scopes = overrides.scopes;
  if (scopes !== undefined) {
    // G04/G05: the deployment's own scope of a route the seed leaves open, checked in place of the contract's.
    c = patchSteps(c, (s) => ({
      checkScope: (route, caller, request) =>
        s.checkScope(scopes[route.operationId] ? { ...route, scope: scopes[route.operationId] } : route, caller, request),
    }));
  }
  const max = overrides.maxPageSize;
  if (max !== undefined) {
    c = patchSteps(c, (s) => ({
      checkQuery(route, params, query) {
        const limit = route.queryParams.find((p) => p.name === 'limit');
        if (!limit) return s.checkQuery(route, params, query);
        const raw = query.get('limit');
        const asked = raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : undefined;
        if (asked !== undefined && asked > max) {
          return {
            refusal: badRequest(`limit must be at most ${max} (the deployment's page size limit).`, [
              { location: 'query', field: 'limit', message: `must be <= ${max}` },
            ]),
          };
        }
        // A deployment with pages larger than the spec's maximum: checked as the spec's maximum, served at the size asked.
        const specMax = typeof limit.schema.maximum === 'number' ? limit.schema.maximum : undefined;
        const bigger = asked !== undefined && specMax !== undefined && asked > specMax && query.getAll('limit').length === 1;
        const checkedQuery = bigger ? new URLSearchParams(query) : query;
        if (bigger) checkedQuery.set('limit', String(specMax));
        const checked = s.checkQuery(route, params, checkedQuery);
        if ('refusal' in checked) return checked;
        if (bigger) checked.values.limit = asked;
        // The default page size is never above the deployment's maximum.
        else if (raw === null && typeof checked.values.limit === 'number' && checked.values.limit > max) checked.values.limit = max;
        return checked;
      },
    }));
  }
  const challenge = profile.observed?.authChallenge;
  if (challenge !== undefined) {
    c = patchSteps(c, (s) => ({
      authenticate(request, query) {
        const result = s.authenticate(request, query);
        if (!('refusal' in result)) return result;
        const headers = withoutHeader(result.refusal.headers, 'www-authenticate');
        return { refusal: { ...result.refusal, headers: challenge === null ? headers : { ...headers, 'WWW-Authenticate': challenge } } };
      },
    }));
  }
  return c;
}

/** The format of the mock's error answers under a profile (the contract's problem+json without one). */
export function profileErrorFormat(profile: MockProfile | undefined): ErrorFormat {
  const errorBody = profile?.observed?.errorBody;
  return profile?.overrides?.errorFormat === 'any' && errorBody ? observedFormat(errorBody) : problemFormat;
}
