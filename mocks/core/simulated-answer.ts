// The answer to a status asked for on purpose (`Prefer: code=NNN`, a
// scenario) that the operation does not document: for an error, a
// problem+json body that says so; otherwise no body.
import type { MockResponse } from './types.ts';
import { PROBLEM_TYPE } from './problems.ts';

// The reason phrases of the statuses HTTP registers (RFC 9110 and friends); others are "HTTP NNN".
const REASONS: Record<number, string> = {
  100: 'Continue',
  101: 'Switching Protocols',
  102: 'Processing',
  103: 'Early Hints',
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  203: 'Non-Authoritative Information',
  204: 'No Content',
  205: 'Reset Content',
  206: 'Partial Content',
  300: 'Multiple Choices',
  301: 'Moved Permanently',
  302: 'Found',
  303: 'See Other',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  407: 'Proxy Authentication Required',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  411: 'Length Required',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  417: 'Expectation Failed',
  418: "I'm a teapot",
  421: 'Misdirected Request',
  422: 'Unprocessable Content',
  423: 'Locked',
  424: 'Failed Dependency',
  425: 'Too Early',
  426: 'Upgrade Required',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  451: 'Unavailable For Legal Reasons',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  505: 'HTTP Version Not Supported',
  507: 'Insufficient Storage',
  508: 'Loop Detected',
  511: 'Network Authentication Required',
};

/** The lowest and highest status a mock answer may have. */
export const MIN_STATUS = 100;
export const MAX_STATUS = 599;

/** Whether a value is an HTTP status the mock can answer (an integer from 100 to 599). */
export const isStatus = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= MIN_STATUS && value <= MAX_STATUS;

/** The reason phrase of a status, e.g. `Service Unavailable`, or `HTTP 599`. */
export const reasonOf = (status: number): string => REASONS[status] ?? `HTTP ${status}`;

/** A machine-readable code for a status: `service_unavailable`, or `http_599`. */
export const codeOf = (status: number): string =>
  REASONS[status]
    ? REASONS[status]
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '')
    : `http_${status}`;

/** A status the operation does not document: an error gets a problem body naming why it was sent; anything else no body. */
export function undocumentedAnswer(status: number, why: string): MockResponse {
  if (status < 400) return { status, headers: {} };
  const body = { type: `urn:bucketkit:problem:${codeOf(status)}`, title: reasonOf(status), status, code: codeOf(status), detail: why };
  return { status, headers: { 'Content-Type': PROBLEM_TYPE }, body: JSON.stringify(body) };
}
