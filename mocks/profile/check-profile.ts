// A deployment's profile (what the conformance suite learns from it) and its
// check where it enters: every problem named by its field, e.g.
// `profile.overrides.foreignBucketStatus: must be 403 or 404`.
import { nearestName } from '../core/nearest-name.ts';

/** The choices of the suite's `overrides` the mock plays back (conformance/config/config-types.ts). */
export interface ProfileOverrides {
  /** G13: the status of a bucket outside the key's bucketIds. */
  foreignBucketStatus?: 403 | 404;
  /** G11: `problem+json`, or `any` (then `observed.errorBody` gives the deployment's shape). */
  errorFormat?: 'problem+json' | 'any';
  /** G20: the status of a method the spec does not list on a known path. */
  unlistedMethodStatus?: 404 | 405;
  /** G16: the largest `limit` a listing accepts. */
  maxPageSize?: number;
  /** G04/G05: the scope a route needs, by operationId, where the deployment chose another than the contract's. */
  scopes?: Record<string, string>;
  /** Suite overrides the mock has nothing to play for (accepted, not played). */
  disable?: string[];
  uploadVisibleWithinMs?: number;
}

/** What the suite saw the deployment answer. */
export interface ProfileObserved {
  /** The WWW-Authenticate value of a 401; null when the deployment sends none. */
  authChallenge?: string | null;
  /** The deployment's error answers (with `errorFormat: "any"`): the content type and one example body. */
  errorBody?: { contentType: string; example: unknown };
}

/** A deployment's profile: `{ "kind": "bucketkit-profile", "version": 1, ... }`. */
export interface MockProfile {
  kind: 'bucketkit-profile';
  version: 1;
  /** The base URL it was learned from. */
  learnedFrom: string;
  /** When, as an RFC 3339 timestamp. */
  learnedAt: string;
  overrides?: ProfileOverrides;
  observed?: ProfileObserved;
}

/** Thrown for a profile that breaks its format; lists every problem with its field. */
export class ProfileError extends Error {
  constructor(
    readonly issues: { field: string; message: string }[],
    file?: string,
  ) {
    super(`The profile${file ? ` ${file}` : ''} is not valid:\n${issues.map((i) => `  ${i.field}: ${i.message}`).join('\n')}`);
    this.name = 'ProfileError';
  }
}

const FIELDS = {
  profile: ['kind', 'version', 'learnedFrom', 'learnedAt', 'overrides', 'observed'],
  overrides: ['foreignBucketStatus', 'errorFormat', 'unlistedMethodStatus', 'maxPageSize', 'scopes', 'disable', 'uploadVisibleWithinMs'],
  observed: ['authChallenge', 'errorBody'],
  errorBody: ['contentType', 'example'],
} as const;

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;
const MEDIA_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*(?:\s*;.*)?$/;
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/** Checks a parsed profile; throws a ProfileError naming each bad field. */
export function checkProfile(value: unknown): MockProfile {
  const issues: { field: string; message: string }[] = [];
  const add = (field: string, message: string) => issues.push({ field, message });
  const known = (object: Record<string, unknown>, at: string, names: readonly string[]) => {
    for (const name of Object.keys(object))
      if (!names.includes(name))
        add(`${at}.${name}`, `is not a profile field; did you mean ${nearestName(name, names)}? (${names.join(', ')})`);
  };
  if (!isObject(value)) throw new ProfileError([{ field: 'profile', message: 'must be a JSON object' }]);
  known(value, 'profile', FIELDS.profile);
  if (value.kind !== 'bucketkit-profile') add('profile.kind', 'must be "bucketkit-profile"');
  if (value.version !== 1) add('profile.version', 'must be 1');
  if (typeof value.learnedFrom !== 'string' || !/^https?:\/\/\S+$/.test(value.learnedFrom))
    add('profile.learnedFrom', "must be the deployment's http(s) base URL (where the profile was learned)");
  if (typeof value.learnedAt !== 'string' || !RFC3339.test(value.learnedAt) || Number.isNaN(Date.parse(value.learnedAt)))
    add('profile.learnedAt', 'must be an RFC 3339 timestamp such as 2026-11-25T12:00:00Z');
  const overrides = value.overrides ?? {};
  if (!isObject(overrides)) add('profile.overrides', 'must be an object');
  else {
    known(overrides, 'profile.overrides', FIELDS.overrides);
    const o = overrides;
    if (o.foreignBucketStatus !== undefined && o.foreignBucketStatus !== 403 && o.foreignBucketStatus !== 404)
      add('profile.overrides.foreignBucketStatus', 'must be 403 or 404');
    if (o.errorFormat !== undefined && o.errorFormat !== 'problem+json' && o.errorFormat !== 'any')
      add('profile.overrides.errorFormat', 'must be "problem+json" or "any"');
    if (o.unlistedMethodStatus !== undefined && o.unlistedMethodStatus !== 404 && o.unlistedMethodStatus !== 405)
      add('profile.overrides.unlistedMethodStatus', 'must be 404 or 405');
    if (
      o.maxPageSize !== undefined &&
      !(Number.isInteger(o.maxPageSize) && (o.maxPageSize as number) >= 2 && (o.maxPageSize as number) <= 100_000)
    )
      add('profile.overrides.maxPageSize', 'must be an integer from 2 to 100000');
    if (o.scopes !== undefined && (!isObject(o.scopes) || Object.values(o.scopes).some((s) => typeof s !== 'string')))
      add('profile.overrides.scopes', 'must be an object of operationIds and scope names');
    if (o.disable !== undefined && (!Array.isArray(o.disable) || o.disable.some((d) => typeof d !== 'string')))
      add('profile.overrides.disable', 'must be an array of check ids or area names');
    if (
      o.uploadVisibleWithinMs !== undefined &&
      !(
        Number.isInteger(o.uploadVisibleWithinMs) &&
        (o.uploadVisibleWithinMs as number) >= 0 &&
        (o.uploadVisibleWithinMs as number) <= 120_000
      )
    )
      add('profile.overrides.uploadVisibleWithinMs', 'must be an integer from 0 to 120000');
  }
  const errorFormatAny = isObject(overrides) && overrides.errorFormat === 'any';
  const observed = value.observed ?? {};
  if (!isObject(observed)) add('profile.observed', 'must be an object');
  else {
    known(observed, 'profile.observed', FIELDS.observed);
    const challenge = observed.authChallenge;
    if (
      challenge !== undefined &&
      challenge !== null &&
      (typeof challenge !== 'string' || challenge.trim() === '' || /[\r\n\0]/.test(challenge))
    )
      add(
        'profile.observed.authChallenge',
        'must be the WWW-Authenticate value of a 401 (one line), or null when the deployment sends none',
      );
    const errorBody = observed.errorBody;
    if (errorBody === undefined) {
      if (errorFormatAny)
        add(
          'profile.observed.errorBody',
          'is required when overrides.errorFormat is "any": the deployment\'s error content type and one example body',
        );
    } else if (!errorFormatAny)
      add('profile.observed.errorBody', 'must be left out unless overrides.errorFormat is "any" (the mock answers problem+json)');
    else if (!isObject(errorBody)) add('profile.observed.errorBody', 'must be an object with contentType and example');
    else {
      known(errorBody, 'profile.observed.errorBody', FIELDS.errorBody);
      if (typeof errorBody.contentType !== 'string' || !MEDIA_TYPE.test(errorBody.contentType))
        add('profile.observed.errorBody.contentType', 'must be a media type such as application/json');
      const example = errorBody.example;
      if (!(isObject(example) || Array.isArray(example) || (typeof example === 'string' && example !== '')))
        add('profile.observed.errorBody.example', 'must be the example error body: a JSON object or array, or the text of a text body');
    }
  }
  if (issues.length > 0) throw new ProfileError(issues);
  return value as unknown as MockProfile;
}
