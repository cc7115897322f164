// The suite's HTTP client over a fetch-like context: every request carries the
// run id header, keys are named by config name, and every error that leaves it
// is redacted.
import type { CurlRequest, HeaderValue } from './curl.ts';
import type { Redactor, Secret } from './redact.ts';

export const RUN_HEADER = 'X-Bucketkit-Run';

/**
 * How a request authenticates: a configured key, none, a raw Authorization header (several values send
 * several header lines), or a key in the query string.
 */
export type Auth = { key: string } | { none: true } | { header: HeaderValue } | { queryParam: string; key: string };

/** What the client sends through: one request, its answer's status, headers and bytes. */
export interface FetchContext {
  fetch(
    url: string,
    options: {
      method: string;
      headers: Record<string, HeaderValue>;
      data?: Buffer;
      failOnStatusCode: false;
      maxRedirects: 0;
      timeout: number;
    },
  ): Promise<{ status(): number; headers(): Record<string, string>; body(): Promise<Buffer> }>;
}

export interface ApiRequest {
  method: string;
  /** Relative to the base URL (e.g. `/workspaces`), or an absolute URL (presigned). */
  path: string;
  query?: Record<string, string>;
  auth?: Auth;
  json?: unknown;
  /** Sent as is, instead of `json`. */
  rawBody?: string | Buffer;
  contentType?: string;
  /** Extra headers; an array sends one header line per value. */
  headers?: Record<string, HeaderValue>;
}

export interface Exchange {
  /** The request as sent; holds tokens, so only ever leaves through buildCurl or the redactor. */
  request: CurlRequest;
  status: number;
  headers: Record<string, string>;
  text: string;
  /** `text` with every key form redacted, made before any excerpt is cut (a cut could keep half a key). */
  shownText: string;
  body: Buffer;
  /** The parsed JSON body, or undefined. */
  json: unknown;
}

export class HarnessError extends Error {}

export class ApiClient {
  constructor(
    private readonly context: FetchContext,
    private readonly baseUrl: string,
    private readonly runId: string,
    private readonly keys: Map<string, Secret>,
    readonly redact: Redactor,
    private readonly timeoutMs: number,
    /** Sees every exchange (the worker records created resources in the ledger). */
    private readonly observer?: (exchange: Exchange) => void,
  ) {}

  /** The token of a configured key; fails when the run has no such key. */
  token(name: string): string {
    const key = this.keys.get(name);
    if (!key) throw new HarnessError(`No key named "${name}" in this run.`);
    return key.token;
  }

  /** The secrets of every key, for reproduction commands. */
  secrets(): Secret[] {
    return [...this.keys.values()];
  }

  /** Sends one request and returns the exchange; transport errors come back redacted. */
  async send(req: ApiRequest): Promise<Exchange> {
    const url = new URL(/^https?:/.test(req.path) ? req.path : `${this.baseUrl}${req.path}`);
    for (const [name, value] of Object.entries(req.query ?? {})) url.searchParams.append(name, value);
    const headers: Record<string, HeaderValue> = { [RUN_HEADER]: this.runId, ...req.headers };
    const auth = req.auth;
    if (auth && 'key' in auth && !('queryParam' in auth)) headers.Authorization = `Bearer ${this.token(auth.key)}`;
    if (auth && 'header' in auth) headers.Authorization = auth.header;
    if (auth && 'queryParam' in auth) url.searchParams.set(auth.queryParam, this.token(auth.key));
    let data: Buffer | undefined;
    // Always bytes: a string body could be re-encoded on the way, which would hide a malformed body.
    if (req.rawBody !== undefined) data = Buffer.from(req.rawBody);
    else if (req.json !== undefined) data = Buffer.from(JSON.stringify(req.json));
    if (data !== undefined) headers['Content-Type'] = req.contentType ?? 'application/json';
    const request: CurlRequest = {
      method: req.method,
      url: url.toString(),
      headers,
      body: data === undefined ? undefined : data.toString(),
    };
    try {
      const response = await this.context.fetch(url.toString(), {
        method: req.method,
        headers,
        data,
        failOnStatusCode: false,
        maxRedirects: 0,
        timeout: this.timeoutMs,
      });
      const body = await response.body();
      const text = body.toString('utf8');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      const exchange: Exchange = {
        request,
        status: response.status(),
        headers: response.headers(),
        text,
        shownText: this.redact(text),
        body,
        json,
      };
      this.observer?.(exchange);
      return exchange;
    } catch (error) {
      // Playwright's call log lists the request headers: never let it out unredacted.
      throw new HarnessError(this.redact(`${req.method} ${url.pathname} could not be sent: ${(error as Error).message}`));
    }
  }
}
