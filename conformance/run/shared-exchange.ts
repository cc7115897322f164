// An exchange as it crosses processes (a served proof made by one test and
// judged by another): the answer as the checks read it, and its reproduction
// command already built with every key as its env var — never a token.
import { SHOWN_LIMIT, type Exchange } from '../http/api-client.ts';
import type { Api } from './api.ts';
import { buildCurl } from '../http/curl.ts';

export interface SharedExchange {
  /** `METHOD url`, redacted. */
  line: string;
  status: number;
  headers: Record<string, string>;
  /** The start of the answer's text, redacted. */
  shownText: string;
  /** A curl command reproducing the request, keys as `$BUCKETKIT_KEY_…`. */
  curl: string;
  tooLarge?: Exchange['tooLarge'];
}

/** The exchange, shareable. */
export function shareExchange(ex: Exchange, api: Api): SharedExchange {
  return {
    line: api.redact(`${ex.request.method} ${ex.request.url}`),
    status: ex.status,
    headers: Object.fromEntries(Object.entries(ex.headers).map(([name, value]) => [name, api.redact(value)])),
    shownText: ex.shownText,
    curl: api.redact(buildCurl(ex.request, api.secrets())),
    ...(ex.tooLarge ? { tooLarge: ex.tooLarge } : {}),
  };
}

/** The shared exchange as checks judge an exchange (its request holds no key: the curl line stands for it). */
export function exchangeOf(shared: SharedExchange): Exchange & { curl: string } {
  const text = shared.shownText.slice(0, SHOWN_LIMIT);
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const [method, url] = shared.line.split(' ', 2);
  return {
    request: { method, url, headers: {} },
    status: shared.status,
    headers: shared.headers,
    text,
    shownText: shared.shownText,
    body: Buffer.from(text),
    json,
    attempts: 1,
    elapsedMs: 0,
    curl: shared.curl,
    ...(shared.tooLarge ? { tooLarge: shared.tooLarge } : {}),
  };
}
