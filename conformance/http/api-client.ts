// The suite's API client over the transport: requests relative to the base URL
// (or absolute, presigned), keys named by config name, the run id header on the
// base URL's origin, JSON parsed without throwing, and every error that leaves it redacted.
import { resourceOf } from './body-envelope.ts';
import type { CurlRequest, HeaderValue } from './curl.ts';
import type { Redactor, Secret } from './redact.ts';
import { credentialLabel, credentialsSetBy } from './set-credentials.ts';
import { decodeBody, type DecodedBody } from './decode-body.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from './transport/transport-options.ts';
import type { Transport, WireAnswer, WireRequest } from './transport/transport-types.ts';

export const RUN_HEADER = 'X-Bucketkit-Run';

/** How a request authenticates: a configured key, none, a raw header, or a key in the query string. */
export type Auth = { key: string } | { none: true } | { header: HeaderValue } | { queryParam: string; key: string };

/** A request as checks write it: relative path, query, auth by key name, a JSON or raw body. */
export interface ApiRequest {
  method: string;
  /** Relative to the base URL (e.g. `/workspaces`), or an absolute URL (presigned); sent as built, never re-encoded. */
  path: string;
  /** Appended to the URL's query, form-encoded. */
  query?: Record<string, string>;
  auth?: Auth;
  json?: unknown;
  /** Sent as is, instead of `json`. */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Extra headers; an array sends one header line per value. */
  headers?: Record<string, HeaderValue>;
  /**
   * Send the path exactly as written: dot segments (`.`, `..`, `%2e`) stay on the wire instead of being resolved as a
   * URL parser would (a request variant whose point is the unresolved path).
   */
  rawPath?: boolean;
  /**
   * The request-target in another form than the path from the origin (RFC 9112 §3.2), sent as written like `rawPath`:
   * `absolute` is the whole URL (`GET http://host/api/v1/... HTTP/1.1`), `leading-slashes` the path after a second
   * slash (`GET //api/v1/... HTTP/1.1`).
   */
  targetForm?: 'absolute' | 'leading-slashes';
  /**
   * Headers naming a target relative to the base URL (`/workspaces/...`): sent with the base URL's path before it, as
   * a front proxy names a target from the origin (X-Original-URL and its kin).
   */
  targetHeaders?: Record<string, string>;
  /**
   * 'safe': this write may be sent again after a 502, 503 or 504 or a connection lost after it may have reached
   * the server (reads always may). Set it only when a second copy does no harm: the effect is idempotent (PATCH
   * to given values, the same bytes PUT to the same URL), or at most one more inert record of the run's own
   * (a pending upload), or the server must refuse the request anyway and the caller reads back what changed.
   */
  resend?: 'safe';
}

/** One request and its answer, as checks judge it. */
export interface Exchange {
  /** The request as sent; holds tokens, so only ever leaves through buildCurl or the redactor. */
  request: CurlRequest;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** The start of `text` (SHOWN_LIMIT characters) with every key form redacted, made before any excerpt is cut (a cut could keep half a key). */
  shownText: string;
  /** The body, a Content-Encoding the server applied undone (see decode-body.ts). */
  body: Buffer;
  /** The parsed JSON body, the resource inside when it came under a `{"data": …}` envelope (body-envelope.ts); undefined when the body is empty, cut at the size cap, not decodable or not JSON. */
  json: unknown;
  /** The parsed JSON body as it came, envelope included, when `json` is the resource it wraps. */
  enveloped?: unknown;
  /** Why `json` is undefined for a body that is not empty (redacted). */
  jsonError?: string;
  /** Set when the body was cut at the transport's size cap. */
  tooLarge?: WireAnswer['tooLarge'];
  /** Set on a 3xx with a Location (never followed). */
  redirect?: WireAnswer['redirect'];
  /** Times sent, resends after a rate limit or a transient failure included. */
  attempts: number;
  elapsedMs: number;
}

/** A fault of the harness or a request that got no answer: the check could not run, it did not fail. */
export class HarnessError extends Error {}

/** How much of an answer `shownText` keeps, redacted. */
export const SHOWN_LIMIT = 64 * 1024;

/** What an ApiClient is built from. */
export interface ApiClientOptions {
  transport: Transport;
  /** The deployment's base URL (ends with /api/v1). */
  baseUrl: string;
  runId: string;
  /** Config name → key. */
  keys: Map<string, Secret>;
  redact: Redactor;
  /** The most bytes a compressed answer is inflated to (the transport's cap; default 8 MiB). */
  maxResponseBytes?: number;
  /** Sees every exchange (the worker records created resources in the ledger). */
  observer?: (exchange: Exchange) => void;
}

/** The body as JSON, or why it is not. */
function parseJson(
  answer: WireAnswer,
  decoded: DecodedBody,
  text: string,
  redact: Redactor,
): Pick<Exchange, 'json' | 'jsonError' | 'enveloped'> {
  if (answer.tooLarge) return { json: undefined, jsonError: `not parsed: the body is larger than the ${answer.tooLarge.limit}-byte cap` };
  if (decoded.problem) return { json: undefined, jsonError: decoded.problem };
  if (!text) return { json: undefined };
  try {
    const json: unknown = JSON.parse(text);
    const { resource, envelope } = resourceOf(json);
    return envelope ? { json: resource, enveloped: json } : { json };
  } catch (error) {
    // The parser quotes the text it failed on: it may hold a key a server echoed.
    return { json: undefined, jsonError: redact((error as Error).message) };
  }
}

/** The suite's client of the API under test. */
export class ApiClient {
  readonly redact: Redactor;
  private readonly baseOrigin: string;

  constructor(private readonly options: ApiClientOptions) {
    this.redact = options.redact;
    this.baseOrigin = new URL(options.baseUrl).origin;
  }

  /** The token of a configured key; fails when the run has no such key. */
  token(name: string): string {
    const key = this.options.keys.get(name);
    if (!key) throw new HarnessError(`No key named "${name}" in this run.`);
    return key.token;
  }

  /** The secrets of every key, for reproduction commands. */
  secrets(): Secret[] {
    return [...this.options.keys.values()];
  }

  /** The request's URL: the path as built, the query pairs appended without re-encoding what is already there. */
  private urlOf(req: ApiRequest): URL {
    const url = new URL(/^https?:/i.test(req.path) ? req.path : `${this.options.baseUrl}${req.path}`);
    const added = new URLSearchParams(Object.entries(req.query ?? {}));
    if (req.auth && 'queryParam' in req.auth) added.append(req.auth.queryParam, this.token(req.auth.key));
    const extra = added.toString();
    if (extra) url.search = url.search ? `${url.search}&${extra}` : `?${extra}`;
    return url;
  }

  /** Sends one request and returns the exchange; transport errors come back as a redacted HarnessError. */
  async send(req: ApiRequest): Promise<Exchange> {
    const url = this.urlOf(req);
    const own = url.origin === this.baseOrigin;
    // The run header is for the deployment's logs; a presigned URL elsewhere gets only what it was signed with.
    const headers: Record<string, HeaderValue> = { ...(own ? { [RUN_HEADER]: this.options.runId } : {}), ...req.headers };
    const basePath = new URL(this.options.baseUrl).pathname.replace(/\/+$/, '');
    for (const [name, target] of Object.entries(req.targetHeaders ?? {})) headers[name] = `${basePath}${target}`;
    const auth = req.auth;
    if (auth && 'key' in auth && !('queryParam' in auth)) headers.Authorization = `Bearer ${this.token(auth.key)}`;
    if (auth && 'header' in auth) headers.Authorization = auth.header;
    let data: Buffer | undefined;
    if (req.rawBody !== undefined) data = Buffer.from(req.rawBody);
    else if (req.json !== undefined) data = Buffer.from(JSON.stringify(req.json));
    if (data !== undefined) headers['Content-Type'] = req.contentType ?? 'application/json';
    // A raw path is put on the wire as written, after the base URL's path; the URL object only names the origin.
    const asWritten = (req.rawPath || req.targetForm) && !/^https?:/i.test(req.path) ? `${basePath}${req.path}${url.search}` : undefined;
    const raw =
      asWritten && req.targetForm === 'absolute' ? `${url.origin}${asWritten}` : asWritten && req.targetForm ? `/${asWritten}` : asWritten;
    const request: CurlRequest = {
      method: req.method,
      url: asWritten ? `${url.origin}${asWritten}` : url.toString(),
      headers,
      body: data?.toString(),
      ...(raw ? { pathAsIs: true } : {}),
      ...(raw && req.targetForm ? { requestTarget: raw } : {}),
    };
    const wire: WireRequest = {
      ...(raw ? { rawPath: raw } : {}),
      method: req.method,
      url: request.url,
      headers,
      body: data,
      carriesKey: auth !== undefined && 'key' in auth,
      ...(auth && 'key' in auth ? { rateGroup: auth.key } : {}),
      ...(req.resend ? { resend: req.resend } : {}),
    };
    let answer: WireAnswer;
    try {
      answer = await this.options.transport.send(wire);
    } catch (error) {
      // The cause keeps its kind (no answer, rate limited, another origin): the engine tells them apart.
      throw new HarnessError(this.redact(`${req.method} ${url.pathname} could not be sent: ${(error as Error).message}`), { cause: error });
    }
    // A credential the answer set is redacted from this answer on, its own record included.
    if (this.redact.add) {
      const tokens = this.secrets().map((s) => s.token);
      for (const c of credentialsSetBy(answer.headers, tokens)) this.redact.add({ env: credentialLabel(c), token: c.value });
    }
    // A body cut at the cap is kept as it came: a cut compressed stream decodes to nothing whole.
    const decoded = answer.tooLarge
      ? { body: answer.body }
      : decodeBody(answer.body, answer.headers['content-encoding'], this.options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
    const text = decoded.body.toString('utf8');
    const exchange: Exchange = {
      request,
      status: answer.status,
      headers: answer.headers,
      text,
      // Reports show at most the first few kilobytes: a large answer is redacted only that far (far past any excerpt).
      shownText: this.redact(text.length > SHOWN_LIMIT ? Buffer.from(text.slice(0, SHOWN_LIMIT)).toString() : text),
      body: decoded.body,
      ...parseJson(answer, decoded, text, this.redact),
      ...(answer.tooLarge ? { tooLarge: answer.tooLarge } : {}),
      ...(answer.redirect ? { redirect: answer.redirect } : {}),
      attempts: answer.attempts,
      elapsedMs: answer.elapsedMs,
    };
    this.options.observer?.(exchange);
    return exchange;
  }
}
