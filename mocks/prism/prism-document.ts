// Builds the document Prism serves in `npm run mock:prism`: the bundled spec
// with each operation's success example replaced by the seeded world's body,
// neutral 400/422 examples, paths under the spec's base path (/api/v1), and the
// x-faker hints kept for `--dynamic`.
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef, type ApiDocument } from '../../openapi/contract/spec-refs.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import { specBasePath } from '../../openapi/contract/api-base.ts';

// Prism matches `paths` literally and ignores the server's path, so the base
// path goes into every path: clients then use the same base URL as with the HTTP mock.
function withBasePath(paths: OpenAPIV3_1.PathsObject, basePath: string): OpenAPIV3_1.PathsObject {
  return Object.fromEntries(Object.entries(paths).map(([path, item]) => [`${basePath}${path}`, item]));
}

// Prism answers every invalid request with the 400/422 example, whatever was wrong;
// a neutral one points at the header where Prism names the actual violation.
const INVALID_EXAMPLES: Record<string, unknown> = {
  '400': {
    type: 'urn:bucketkit:problem:invalid_request',
    title: 'Invalid request',
    status: 400,
    code: 'invalid_request',
    detail:
      'Prism mode: the request does not match the OpenAPI document. The sl-violations response header says what is wrong (the HTTP mock names the field in errors).',
  },
  '422': {
    type: 'urn:bucketkit:problem:validation_failed',
    title: 'Validation failed',
    status: 422,
    code: 'validation_failed',
    detail:
      'Prism mode: the body does not match the schema. The sl-violations response header says what is wrong (the HTTP mock names the field in errors).',
  },
};

function withNeutralInvalidExamples(doc: ApiDocument, op: OpenAPIV3_1.OperationObject): void {
  for (const [status, example] of Object.entries(INVALID_EXAMPLES)) {
    if (!op.responses?.[status]) continue;
    const response = structuredClone(resolveRef<OpenAPIV3_1.ResponseObject>(doc, op.responses[status]));
    const media = response.content?.['application/problem+json'];
    if (!media) continue;
    media.example = example;
    delete media.examples;
    op.responses[status] = response;
  }
}

/**
 * A copy of `spec` whose success examples are `bodies` (by operationId).
 * Shared (`$ref`) responses are copied into the operation before editing, so
 * no other operation changes.
 */
export function buildPrismDocument(
  spec: ApiDocument,
  routes: readonly Route[],
  bodies: ReadonlyMap<string, unknown>,
  origin: string,
): ApiDocument {
  const doc = structuredClone(spec);
  for (const route of routes) {
    const op = doc.paths![route.pathTemplate]![route.method.toLowerCase() as 'get'] as OpenAPIV3_1.OperationObject;
    withNeutralInvalidExamples(doc, op);
    const body = bodies.get(route.operationId);
    if (body === undefined) continue;
    const key = String(route.successStatus);
    const response = structuredClone(resolveRef<OpenAPIV3_1.ResponseObject>(doc, op.responses![key]));
    const media = response.content?.['application/json'];
    if (!media) continue;
    media.example = body;
    delete media.examples;
    op.responses![key] = response;
  }
  doc.paths = withBasePath(doc.paths ?? {}, specBasePath(spec));
  doc.servers = [
    {
      url: origin,
      description: `Prism mode of the bucketkit mock (npm run mock:prism); the API lives under the same ${specBasePath(spec)} paths as the HTTP mock.`,
    },
  ];
  return doc;
}
