// The seam between the mock's behaviour core and its front ends (node:http,
// MSW in Node, MSW in the browser): plain request and response values, so the
// core runs anywhere and costs no Request/Response object per call.

/** A request as every front end hands it to the core. */
export interface MockRequest {
  /** Upper-case HTTP method. */
  method: string;
  /** Path from the origin, e.g. `/api/v1/workspaces` or `/__mock/keys`. */
  path: string;
  /** The raw query string without `?` ('' when none). */
  query: string;
  /** Header names in lower case; repeated headers joined with ', '. */
  headers: Record<string, string>;
  /** The raw body bytes, if any. */
  body?: Uint8Array;
  /**
   * Set by a front end that stopped reading the body at the app's
   * `bodyLimit(path)`: the request is refused 413 without buffering the rest.
   */
  bodyTruncated?: boolean;
  /** Aborted when the client goes away before the answer (a hung scenario then lets go of the request). */
  signal?: AbortSignal;
  /** Whether the client went away before the answer: cheap to ask. */
  clientGone?(): boolean;
  /** The signal of the client going away, made on the first ask (a front end that has no `signal` ready offers this). */
  abortSignal?(): AbortSignal;
}

/** A request before its body: what the core needs to admit or refuse the body. */
export interface RequestHead {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
}

/**
 * How many body bytes a front end may read (then it flags the request truncated), the answer that refuses it
 * unread, or `unread`: the request goes on without its body (a GET's or HEAD's body means nothing to the API).
 */
export type BodyAdmission = { limit: number } | { refusal: MockResponse } | { unread: true };

/** A response as the core returns it; front ends write it out unchanged. */
export interface MockResponse {
  status: number;
  /** Header names as they should be sent. */
  headers: Record<string, string>;
  /** A JSON/text body, or bytes (downloads). */
  body?: string | Uint8Array;
  /**
   * Answer with no response at all: the front end drops the connection (HTTP
   * destroys the socket; MSW answers `Response.error()`, a network error).
   */
  networkError?: true;
}

export interface MockApp {
  /** Answers one request. Never throws: an unexpected error inside becomes a logged 500. */
  handle(request: MockRequest): Promise<MockResponse>;
  /**
   * Restores the world the mock started with (seed and fixtures), forgets
   * minted keys and clears scenarios (as POST /__mock/reset).
   * A large world without a spare ready is rebuilt in slices while the current
   * one keeps serving: await the promise to see the seeded world.
   */
  reset(): void | Promise<void>;
}
