// Sends each request to the part of the mock that answers it: the API, the
// control API, the presigned upload and download URLs, or nothing.
import type { MockRequest, MockResponse } from './types.ts';
import type { MockEnvironment } from './handler-context.ts';
import type { MockComponents } from './components.ts';
import { handleControl, type ControlRoute } from './control-api.ts';
import { runApiPipeline } from './api-pipeline.ts';
import { delay, type Latency } from './latency.ts';

const PRESIGNED = /^\/__(uploads|downloads)\/([A-Za-z0-9_-]{1,128})$/;

/** Answers one request with the current components. */
export async function routeRequest(
  c: MockComponents,
  env: MockEnvironment,
  control: readonly ControlRoute[],
  request: MockRequest,
  latency?: Latency,
): Promise<MockResponse> {
  const { path } = request;
  if (path === c.apiBase || path.startsWith(`${c.apiBase}/`)) {
    if (latency) await delay(latency);
    return runApiPipeline(c, env, request);
  }
  if (path.startsWith('/__mock/')) return handleControl(control, request);
  const presigned = PRESIGNED.exec(path);
  if (presigned?.[1] === 'uploads') return c.endpoints.receiveUpload(request, presigned[2], c.endpoints.finishUpload);
  if (presigned?.[1] === 'downloads') return c.endpoints.serveDownload(request, presigned[2]);
  return c.endpoints.unknownPath(request);
}
