// The parts the mock is assembled from (as Prism's createInstance takes its
// components): the API base, the request steps, the operation handlers and the
// endpoints beside the API. A variant of the mock replaces or wraps a part.
import type { ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { HandlerTable, MockEnvironment } from './handler-context.ts';
import type { BodyAdmission, MockRequest, MockResponse, RequestHead } from './types.ts';
import type { ApiSteps, StepDeps } from './api-steps.ts';
import type { KeyStore } from './key-store.ts';
import { createApiSteps } from './api-steps.ts';
import { MAX_JSON_BODY_BYTES } from './request-body.ts';
import { checkUploadGrant, finishAtOnce, receiveUpload, serveDownload, type UploadFinisher } from './presigned-endpoints.ts';
import { notFound, tooLarge } from './problems.ts';

export interface MockEndpoints {
  /** PUT of an upload's bytes; `finish` decides what happens once they arrived. */
  receiveUpload(request: MockRequest, uploadId: string, finish: UploadFinisher): Promise<MockResponse>;
  finishUpload: UploadFinisher;
  serveDownload(request: MockRequest, fileId: string): MockResponse;
  /** Any path outside the API, the control API and the presigned URLs. */
  unknownPath(request: MockRequest): MockResponse | Promise<MockResponse>;
}

export interface MockComponents {
  /** The API's base path, e.g. `/api/v1`. */
  apiBase: string;
  steps: ApiSteps;
  handlers: HandlerTable;
  endpoints: MockEndpoints;
  /** Decides from a request's head whether a front end reads its body, and how much of it. */
  admitBody(head: RequestHead): BodyAdmission;
}

/** What the components are built from; also what a variant may consult. */
export interface ComponentDeps extends StepDeps {
  /** The spec served and its route table (a variant of a class of routes reads the class from them). */
  spec: ApiDocument;
  routes: readonly Route[];
  apiBase: string;
  handlers: HandlerTable;
  keys: KeyStore;
  knownScopes: readonly string[];
  env: MockEnvironment;
}

const UPLOAD_PATH = /^\/__uploads\/([A-Za-z0-9_-]{1,128})$/;

/** The components with some steps replaced; each patch gets the steps it replaces (a variant's or a fault's way in). */
export function patchSteps(c: MockComponents, patch: (steps: ApiSteps) => Partial<ApiSteps>): MockComponents {
  return { ...c, steps: { ...c.steps, ...patch(c.steps) } };
}

// Node's parser has refused a malformed Content-Length already; MSW's requests carry a valid one or none.
const declaredLength = (head: RequestHead): number | undefined =>
  head.headers['content-length'] === undefined ? undefined : Number(head.headers['content-length']);

/** The contract's own components. */
export function createCoreComponents(deps: ComponentDeps): MockComponents {
  const { env, apiBase } = deps;
  return {
    apiBase,
    steps: createApiSteps(deps),
    handlers: deps.handlers,
    endpoints: {
      receiveUpload: (request, uploadId, finish) => receiveUpload(env, request, uploadId, finish),
      finishUpload: finishAtOnce,
      serveDownload: (request, fileId) => serveDownload(env, request, fileId),
      unknownPath: (request) =>
        notFound(`Nothing at ${request.path}. The API lives under ${apiBase}; the mock's control API under /__mock/.`),
    },
    admitBody(head) {
      // The core decides this, not the front end, so a variant that reads a GET's body swaps this part alone.
      if (head.method === 'GET' || head.method === 'HEAD') return { unread: true };
      const upload = UPLOAD_PATH.exec(head.path);
      if (!upload) {
        const declared = declaredLength(head);
        return declared !== undefined && declared > MAX_JSON_BODY_BYTES
          ? { refusal: tooLarge(`The body declares ${declared} bytes; JSON bodies may have at most ${MAX_JSON_BODY_BYTES} bytes.`) }
          : { limit: MAX_JSON_BODY_BYTES };
      }
      // The grant first: a bogus or spent upload URL costs no buffered byte; a real one takes exactly its declared size.
      const grant = checkUploadGrant(env, head, upload[1]);
      return 'refusal' in grant ? grant : { limit: grant.upload.size };
    },
  };
}
