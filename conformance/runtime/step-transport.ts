// The suite's requests, kept away from Playwright's reporters: sent over
// node:http inside a step whose title is the redacted URL. Playwright's own
// request steps would show a key in the query string and, on a timeout, the
// Authorization header in the call log; nothing of a request reaches a report here.
import { fileURLToPath } from 'node:url';
import { test, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Redactor } from '../http/redact.ts';
import type { CircuitBreaker } from './circuit-breaker.ts';
import { sendHttp, TransportError, type HttpAnswer } from './http-send.ts';

/** The options of APIRequestContext.fetch the suite's client uses. */
interface FetchOptions {
  method?: string;
  headers?: Record<string, string>;
  data?: string | Buffer;
  timeout?: number;
}

export interface StepTransportOptions {
  redact: Redactor;
  breaker: CircuitBreaker;
  timeoutMs: number;
}

/** An HTTP answer behind Playwright's APIResponse interface. */
class AnswerResponse implements APIResponse {
  constructor(private readonly answer: HttpAnswer) {}
  async body() {
    return this.answer.body;
  }
  async text() {
    return this.answer.body.toString('utf8');
  }
  async json() {
    return JSON.parse(this.answer.body.toString('utf8'));
  }
  headers() {
    return this.answer.headers;
  }
  headersArray() {
    return this.answer.headersArray;
  }
  ok() {
    return this.answer.status >= 200 && this.answer.status < 300;
  }
  status() {
    return this.answer.status;
  }
  statusText() {
    return this.answer.statusText;
  }
  url() {
    return this.answer.url;
  }
  timing() {
    return {
      startTime: 0,
      domainLookupStart: -1,
      domainLookupEnd: -1,
      connectStart: -1,
      secureConnectionStart: -1,
      connectEnd: -1,
      requestStart: -1,
      responseStart: -1,
      responseEnd: -1,
    };
  }
  async securityDetails() {
    return null;
  }
  async serverAddr() {
    return null;
  }
  async dispose() {}
  async [Symbol.asyncDispose]() {}
}

// Every request step points here: a fixed location spares Playwright a stack trace per request, its costliest part.
const STEP_LOCATION = { file: fileURLToPath(import.meta.url), line: 1, column: 1 };

/** Whether code runs inside a test (a worker fixture's teardown does not, and has no step to open). */
function inTest(): boolean {
  try {
    test.info();
    return true;
  } catch {
    return false;
  }
}

async function send(url: string, options: FetchOptions, transport: StepTransportOptions): Promise<APIResponse> {
  const { redact, breaker } = transport;
  const stopped = breaker.stopped();
  if (stopped) throw new TransportError(`not sent: ${stopped}`);
  try {
    const answer = await sendHttp(url, {
      method: options.method ?? 'GET',
      headers: options.headers ?? {},
      body: options.data === undefined ? undefined : Buffer.from(options.data),
      timeoutMs: options.timeout ?? transport.timeoutMs,
    });
    breaker.success();
    return new AnswerResponse(answer);
  } catch (error) {
    // Only redacted text may leave: a step records its error for every reporter.
    const message = redact((error as Error).message);
    if (error instanceof TransportError) breaker.failure(message);
    throw new TransportError(message);
  }
}

/** A request context whose fetch goes through `send`, inside a step titled with the redacted URL. */
export function keySafeContext(context: APIRequestContext, transport: StepTransportOptions): APIRequestContext {
  const fetch = (url: string, options: FetchOptions = {}) => {
    if (!inTest()) return send(url, options, transport);
    const { host, pathname, search } = new URL(url);
    const title = `${options.method ?? 'GET'} ${transport.redact(`${host}${pathname}${search}`)}`;
    return test.step(title, () => send(url, options, transport), { location: STEP_LOCATION });
  };
  return new Proxy(context, { get: (target, property) => (property === 'fetch' ? fetch : Reflect.get(target, property)) });
}
