// A deployment that puts `{"data": …}` around every JSON body it answers, as
// JSON:API-style servers do: a single resource (a file, an intelligence
// setting, a presigned upload, a job) as `{"data": {...}}`, a listing as
// `{"data": [...], "meta": {...}}` with its own continuation, and error bodies
// as the server chooses: as they came, under `data`, or as JSON:API `errors`.
import type { ProxyResponse, Rule } from './loopback-proxy.ts';
import { dataMetaEnvelope } from './listing-shapes.ts';
import { listingOf } from './listing-view.ts';
import { isJsonType, parseJson, withJsonBody } from './rule-json.ts';
import { stackRules, underPath } from './rule-stack.ts';

/** How the enveloping server answers an error: the mock's problem body, the same under `data`, or `{"errors": [...]}`. */
export type ErrorEnvelope = 'as-is' | 'data' | 'errors';

const isApi = underPath();

/** The answer's JSON body wrapped, or the answer as it came when its body is not JSON. */
function wrapped(answer: ProxyResponse, errors: ErrorEnvelope): ProxyResponse {
  if (!isJsonType(answer.headers['content-type'])) return answer;
  const body = parseJson(answer.body);
  if (body === undefined) return answer;
  if (answer.status < 400) return withJsonBody(answer, { data: body });
  if (errors === 'data') return withJsonBody(answer, { data: body });
  if (errors === 'errors') {
    const problem = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const answerOut = withJsonBody(answer, { errors: [{ ...problem, status: String(answer.status) }] });
    return { ...answerOut, headers: { ...answerOut.headers, 'content-type': 'application/vnd.api+json' } };
  }
  return answer;
}

/** Wraps every JSON answer of the API that is not a listing page (listings are the outer layer's). */
const wrapSingles =
  (errors: ErrorEnvelope): Rule =>
  async (request, forward) => {
    const answer = await forward(request);
    if (!isApi(request)) return answer;
    if (request.method === 'GET' && listingOf(answer)) return answer;
    return wrapped(answer, errors);
  };

/** `{"data": …}` around every JSON body: single resources, listings (with `meta.next_token`, `?page_token=`) and, per `errors`, errors. */
export function dataEverywhere(errors: ErrorEnvelope = 'as-is'): Rule {
  return stackRules(dataMetaEnvelope, wrapSingles(errors));
}
