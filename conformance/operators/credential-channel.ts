// Operator: the credentials a deployment set on authenticated answers (a
// Set-Cookie, a token-like header such as X-Session-Token), replayed alone,
// with no Authorization header: as the cookie, as the header they came in, and
// as a bearer token. The seed knows one credential, the bearer key (§5.1): a
// conforming server refuses every one of them (401), whatever it set.
// The replayed values are the deployment's secrets: the client redacts them
// from the answer that set them on (see http/set-credentials.ts).
import type { Operator, OperatorInput, Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

function channelVariants(input: OperatorInput): Variant[] {
  const keyless = (name: string, headers: Record<string, string>) =>
    variantOf(input, 'credential-channel', name, (base) => ({ ...base, auth: { none: true }, headers: { ...base.headers, ...headers } }));
  const bearer = (name: string, value: string) =>
    variantOf(input, 'credential-channel', name, (base) => ({ ...base, auth: { header: `Bearer ${value}` } }));
  return distinct(
    input.seen.credentials.flatMap((c) =>
      c.via === 'cookie'
        ? [
            ...keyless(`the cookie '${c.name}' an answer set, alone`, { Cookie: `${c.name}=${c.value}` }),
            ...bearer(`the cookie '${c.name}' as a bearer token`, c.value),
          ]
        : [
            ...keyless(`the header '${c.name}' an answer set, sent back alone`, { [c.name]: c.value }),
            ...bearer(`the header '${c.name}' as a bearer token`, c.value),
          ],
    ),
  );
}

export const credentialChannel: Operator = {
  axis: 'credential-channel',
  about: 'Replays, with no Authorization header, each cookie or token-like header the deployment set on an authenticated answer.',
  conformingAnswers: '401 (any refusal): the bearer key is the only credential',
  rules: ['auth'],
  senders: ['none'],
  applies: (_route, sender) => sender === 'none',
  variants: channelVariants,
};
