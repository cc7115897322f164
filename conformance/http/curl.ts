// Builds a curl command that reproduces one request, naming each key as "$ENV_VAR"
// in place of its value, in whatever form (raw, encoded, base64) the request carried it.
import { compileSecrets, type Secret } from './redact.ts';

/** A header's value; an array is sent as one header line per value (two Authorization headers). */
export type HeaderValue = string | string[];

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, HeaderValue>;
  body?: string;
  /** The URL's path must go as written (curl --path-as-is), dot segments unresolved. */
  pathAsIs?: boolean;
  /** The request-target as it goes on the wire when not the URL's path (curl --request-target: the absolute form, `//`). */
  requestTarget?: string;
}

/** A shell word is made of literal text and references to env vars (a key sent in another letter case: transformed). */
type Piece = string | { env: string; transform?: 'upper' | 'lower' };

const BODY_LIMIT = 2048;

type Compiled = ReturnType<typeof compileSecrets>;

/** Splits a text into literal pieces and env references wherever any form of a key appears. */
function splitSecrets(text: string, compiled: Compiled): Piece[] {
  let pieces: Piece[] = [text];
  const split = (by: RegExp | string, ref: Piece) => {
    pieces = pieces.flatMap((piece) => {
      if (typeof piece !== 'string') return [piece];
      const parts = piece.split(by);
      return parts.flatMap((part, i) => (i === 0 ? [part] : [ref, part]));
    });
  };
  for (const { secret, pattern } of compiled) split(pattern, { env: secret.env });
  // A key sent upper- or lower-cased (a request variant): written as the env var, transformed by the shell.
  for (const { secret } of compiled) {
    const upper = secret.token.toUpperCase();
    const lower = secret.token.toLowerCase();
    if (upper !== secret.token) split(upper, { env: secret.env, transform: 'upper' });
    if (lower !== secret.token) split(lower, { env: secret.env, transform: 'lower' });
  }
  return pieces.filter((p) => p !== '');
}

/**
 * Quotes pieces as one POSIX shell word: single quotes without env references; otherwise
 * double quotes with `$ENV` expandable and every other `$`, quote, backslash and backtick
 * escaped (a `!` is closed out of the quotes, so interactive history expansion leaves it).
 */
function shellWord(pieces: Piece[]): string {
  if (pieces.every((p) => typeof p === 'string')) return `'${pieces.join('').replace(/'/g, `'\\''`)}'`;
  const inner = pieces.map((piece, i) => {
    if (typeof piece === 'string') return piece.replace(/(["\\`$])/g, '\\$1').replace(/!/g, `"'!'"`);
    if (piece.transform) {
      const [from, to] = piece.transform === 'upper' ? ['[:lower:]', '[:upper:]'] : ['[:upper:]', '[:lower:]'];
      return `$(printf %s "$${piece.env}" | tr '${from}' '${to}')`;
    }
    const next = pieces[i + 1];
    const glued = typeof next === 'string' && /^[A-Za-z0-9_]/.test(next);
    return glued ? `\${${piece.env}}` : `$${piece.env}`;
  });
  return `"${inner.join('')}"`;
}

/** Cuts pieces after `limit` literal characters, never inside an env reference. */
function cut(pieces: Piece[], limit: number): Piece[] {
  const out: Piece[] = [];
  let left = limit;
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      if (piece.length > left) return [...out, `${piece.slice(0, left)}…`];
      left -= piece.length;
    }
    out.push(piece);
  }
  return out;
}

/** A query value decoded as a server reads it (`+` is a space), or undefined when malformed. */
function formDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * Takes out of the URL every query parameter whose value is exactly a key; curl's
 * `--url-query` adds it back URL-encoded, so a key with `+`, `/` or `=` reaches the
 * server unchanged. Other parameters keep their place and spelling.
 */
function extractQueryKeys(url: string, secrets: Secret[]): { url: string; queryKeys: { name: string; env: string }[] } {
  const hash = url.indexOf('#');
  const question = url.indexOf('?');
  if (question < 0 || (hash >= 0 && hash < question)) return { url, queryKeys: [] };
  const end = hash < 0 ? url.length : hash;
  const queryKeys: { name: string; env: string }[] = [];
  const kept = url
    .slice(question + 1, end)
    .split('&')
    .filter((pair) => {
      const eq = pair.indexOf('=');
      const secret = eq > 0 ? secrets.find((s) => s.token === formDecode(pair.slice(eq + 1))) : undefined;
      if (secret) queryKeys.push({ name: pair.slice(0, eq), env: secret.env });
      return !secret;
    });
  const query = kept.length ? `?${kept.join('&')}` : '';
  return { url: `${url.slice(0, question)}${query}${url.slice(end)}`, queryKeys };
}

/** `-u user:password` for a Basic header that carries a key, so curl encodes it itself. */
function basicUser(name: string, value: string, compiled: Compiled): string[] | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)$/i.exec(value);
  if (name.toLowerCase() !== 'authorization' || !match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  if (!decoded.includes(':') || !compiled.some(({ secret }) => decoded.includes(secret.token))) return undefined;
  return ['-u', shellWord(splitSecrets(decoded, compiled))];
}

/**
 * The curl command for a request. `secrets` maps a token to its env var: any form of the
 * token in a header, the URL or the body is written as `$ENV`, never its value.
 */
export function buildCurl(request: CurlRequest, secrets: Secret[]): string {
  const compiled = compileSecrets(secrets);
  // `-X HEAD` would wait for the body the answer's Content-Length announces; `-I` sends HEAD and reads none.
  const parts = [
    'curl',
    '-sS',
    '-i',
    ...(request.pathAsIs ? ['--path-as-is'] : []),
    ...(request.requestTarget ? ['--request-target', shellWord(splitSecrets(request.requestTarget, compiled))] : []),
    ...(request.method === 'HEAD' ? ['-I'] : ['-X', request.method]),
  ];
  for (const [name, values] of Object.entries(request.headers)) {
    for (const value of typeof values === 'string' ? [values] : values)
      parts.push(...(basicUser(name, value, compiled) ?? ['-H', shellWord(splitSecrets(`${name}: ${value}`, compiled))]));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellWord(cut(splitSecrets(request.body, compiled), BODY_LIMIT)));
  const { url, queryKeys } = extractQueryKeys(request.url, secrets);
  for (const { name, env } of queryKeys) parts.push('--url-query', shellWord([...splitSecrets(`${name}=`, compiled), { env }]));
  parts.push(shellWord(splitSecrets(url, compiled)));
  return parts.join(' ');
}
