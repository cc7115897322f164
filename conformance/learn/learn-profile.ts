// Turns one run's log into a deployment profile: each gap with an override is
// read by its own learner, the choices become the profile's (and the suite's)
// overrides, what was seen its observations; the checks of a choice the mock
// cannot play so that they pass are disabled, with the reason.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { checkProfile, type MockProfile } from '../../mocks/profile/check-profile.ts';
import { BEARER_CHALLENGE } from '../client/error-answer.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { Overrides, RunSettings } from '../config/config-types.ts';
import type { Redactor } from '../http/redact.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import { learnAuthChallenge } from './auth-challenge.ts';
import { learnErrorFormat } from './error-format.ts';
import { learnForeignBucketStatus } from './foreign-bucket.ts';
import type { Learned } from './observation.ts';
import { learnMaxPageSize, PAGE_SIZE_CEILING } from './page-size.ts';
import { learnUnlistedMethodStatus } from './unlisted-method.ts';

/** What a run learned of a deployment. */
export interface LearnedDeployment {
  /** The profile as `bucketkit mock --profile` plays it (checked by the mock's own profile check). */
  profile: MockProfile;
  /** The overrides for the suite's config: the same as the profile's. */
  overrides: Overrides;
  /** One line per gap: the choice and what showed it, or why it was not learned; then each disabled group. */
  lines: string[];
}

/** Turns a learned value into its report line (`G13 foreignBucketStatus: 403 (...)`). */
function line<T>(label: string, learned: Learned<T>, show: (value: T) => string = (v) => JSON.stringify(v)): string {
  return 'why' in learned ? `${label}: not learned (${learned.why})` : `${label}: ${show(learned.value)} (${learned.evidence})`;
}

/** Learns every gap the run could observe; `settings.overrides.disable` is kept in the learned disable list. */
export function learnDeployment(views: ExchangeView[], settings: RunSettings, redact: Redactor, now = new Date()): LearnedDeployment {
  const foreign = learnForeignBucketStatus(views, settings);
  const format = learnErrorFormat(views, redact);
  const unlisted = learnUnlistedMethodStatus(views, settings.baseUrl);
  const page = learnMaxPageSize(views, settings);
  const challenge = learnAuthChallenge(views, redact);
  const overrides: Overrides = {};
  const observed: NonNullable<MockProfile['observed']> = {};
  const disabled: { ids: string[]; why: string }[] = [];
  if (foreign.value !== undefined) overrides.foreignBucketStatus = foreign.value;
  if (format.value !== undefined) overrides.errorFormat = format.value.format;
  if (format.value?.errorBody) observed.errorBody = format.value.errorBody;
  if (unlisted.value !== undefined) overrides.unlistedMethodStatus = unlisted.value;
  if (typeof page.value === 'number') overrides.maxPageSize = page.value;
  if (page.value === 'unbounded') {
    // No override says "no maximum": the mock serves pages up to the most it takes, and the bound's check is off.
    overrides.maxPageSize = PAGE_SIZE_CEILING;
    disabled.push({ ids: [checkIds.listing('limit-maximum')], why: `the listing has no maximum limit up to ${PAGE_SIZE_CEILING + 1}` });
  }
  if (challenge.value !== undefined) {
    observed.authChallenge = challenge.value;
    // The profile checks want a Bearer challenge; the mock plays the deployment's, so they could only fail.
    if (challenge.value === null || !BEARER_CHALLENGE.test(challenge.value))
      disabled.push({
        ids: loadRouteTable().map((r) => checkIds.auth(r.operationId, '401')),
        why: `its 401 carries ${challenge.value === null ? 'no WWW-Authenticate' : `WWW-Authenticate "${challenge.value}"`}, not a Bearer challenge`,
      });
  }
  const disable = [...new Set([...(settings.overrides.disable ?? []), ...disabled.flatMap((d) => d.ids)])];
  if (disable.length) overrides.disable = disable;
  const profile = checkProfile({
    kind: 'bucketkit-profile',
    version: 1,
    learnedFrom: redact(settings.baseUrl),
    learnedAt: now.toISOString(),
    overrides,
    observed,
  });
  const lines = [
    line('G13 foreignBucketStatus', foreign),
    line('G11 errorFormat', format, (v) =>
      v.errorBody ? `"any", like ${v.errorBody.contentType} ${JSON.stringify(v.errorBody.example)}` : `"${v.format}"`,
    ),
    line('G20 unlistedMethodStatus', unlisted),
    line('G16 maxPageSize', page, (v) => (v === 'unbounded' ? `${PAGE_SIZE_CEILING} (no maximum found)` : String(v))),
    line('G21 authChallenge', challenge),
    ...disabled.map((d) => `disabled ${d.ids.length === 1 ? d.ids[0] : `${d.ids.length} checks (${d.ids[0]}, ...)`}: ${d.why}`),
  ];
  // The config's own choices the learner does not learn (nor the mock play): pasting the learned overrides must not drop them.
  const kept = (['scopes', 'consistencyWindowMs', 'uploadVisibleWithinMs'] as const).filter(
    (name) => settings.overrides[name] !== undefined,
  );
  if (kept.length) lines.push(`not learned, keep them in the config beside the learned ones: ${kept.join(', ')}`);
  return { profile, overrides, lines };
}
