// Builds a curl command that reproduces one request, naming each key as
// "$ENV_VAR" instead of its value.

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Quotes a value for a POSIX shell; `$VAR` references stay expandable inside double quotes. */
function shellQuote(value: string, expandable: boolean): string {
  if (expandable) return `"${value.replace(/(["\\`])/g, '\\$1')}"`;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The curl command for a request. `secrets` maps a token to its env var: the token
 * is written as `$ENV`, in headers and in the URL alike.
 */
export function buildCurl(request: CurlRequest, secrets: { env: string; token: string }[]): string {
  let usesEnv = false;
  const swap = (text: string): string => {
    let out = text;
    for (const { env, token } of secrets) {
      for (const form of [token, encodeURIComponent(token)]) {
        if (out.includes(form)) {
          out = out.split(form).join(`$${env}`);
          usesEnv = true;
        }
      }
    }
    return out;
  };
  const parts = ['curl', '-sS', '-i', '-X', request.method];
  for (const [name, value] of Object.entries(request.headers)) {
    usesEnv = false;
    const header = swap(`${name}: ${value}`);
    parts.push('-H', shellQuote(header, usesEnv));
  }
  if (request.body !== undefined) {
    usesEnv = false;
    const body = swap(request.body.length > 2048 ? `${request.body.slice(0, 2048)}…` : request.body);
    parts.push('--data-binary', shellQuote(body, usesEnv));
  }
  usesEnv = false;
  const url = swap(request.url);
  parts.push(shellQuote(url, usesEnv));
  return parts.join(' ');
}
