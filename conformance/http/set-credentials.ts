// The credentials a deployment set on an answer: each cookie of its Set-Cookie
// lines and each header whose name looks like a token's. The client redacts
// them from the answer that set them on (they are the deployment's secrets),
// and the credential-channel operator replays them.

/** A credential an answer set: a cookie, or a token-like header. */
export interface SetCredential {
  via: 'cookie' | 'header';
  name: string;
  value: string;
}

// Headers about authentication that carry no credential of the client's.
const NOT_CREDENTIALS =
  /^(www-authenticate|proxy-authenticate|authentication-info|proxy-authentication-info|access-control-.*|x-ratelimit-.*)$/i;
const TOKEN_LIKE = /token|session|auth|credential|api[-_]?key|jwt|bearer|csrf|xsrf|sid$/i;

/**
 * The credentials an answer's headers set: each cookie of its Set-Cookie lines (the transport joins several with
 * a line break), and each header whose name looks like a token's. A value holding one of `keyTokens` (a header
 * echoing the key) is left out: replayed, it would be the key, not another channel.
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

/** How a learned credential is named where it was redacted. */
export const credentialLabel = (c: SetCredential) => `credential ${c.name}`;
