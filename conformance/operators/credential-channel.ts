// Operator: the credentials a deployment set on authenticated answers (a
// Set-Cookie, a token-like header such as X-Session-Token), replayed alone,
// with no Authorization header: as the cookie, as the header they came in, and
// as a bearer token. The seed knows one credential, the bearer key (§5.1): a
// conforming server refuses every one of them (401), whatever it set.
// The replayed values are the deployment's secrets: reports redact them too.
import type { Operator, OperatorInput, SetCredential, Variant } from './operator-types.ts';
import { distinct, variantOf } from './variant-build.ts';

// Headers about authentication that carry no credential of the client's.
const NOT_CREDENTIALS =
  /^(www-authenticate|proxy-authenticate|authentication-info|proxy-authentication-info|access-control-.*|x-ratelimit-.*)$/i;
const TOKEN_LIKE = /token|session|auth|credential|api[-_]?key|jwt|bearer|csrf|xsrf|sid$/i;

/**
 * The credentials an answer's headers set: each cookie of its Set-Cookie lines (the transport joins several with
 * a line break), and each header whose name looks like a token's. What the run keeps to replay. A value holding
 * one of `keyTokens` (a header echoing the key) is left out: replayed, it would be the key, not another channel.
 */
export function credentialsSetBy(headers: Record<string, string>, keyTokens: readonly string[] = []): SetCredential[] {
  const found: SetCredential[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === 'set-cookie') {
      for (const line of value.split('\n')) {
        const pair = /^\s*([^=;\s]+)=([^;]*)/.exec(line);
        if (pair && pair[2] !== '') found.push({ via: 'cookie', name: pair[1], value: pair[2] });
      }
    } else if (TOKEN_LIKE.test(name) && !NOT_CREDENTIALS.test(name) && value.trim() !== '') {
      found.push({ via: 'header', name, value: value.trim() });
    }
  }
  return found.filter((c) => !keyTokens.some((token) => c.value.includes(token)));
}

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
