// The route table: one entry per operation of the bundled spec, with the facts
// the mock and the conformance suite need (scope, bucket scoping, parameters,
// body and response schemas). Nothing here is typed by hand; it is all read
// from the spec.
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef, type ApiDocument } from './spec-refs.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** The methods a route of the contract may have (the spec's path items are read for these). */
export const METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface RouteParam {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: OpenAPIV3_1.SchemaObject;
  /** Set where the parameter rests on a gap decision rather than the seed. */
  assumedGap?: string;
  /** Other parameters this one needs (`x-dependent-required`, G32): no schema spans two query parameters. */
  dependentRequired: string[];
}

export interface Route {
  operationId: string;
  method: HttpMethod;
  /** Relative to the base URL, e.g. `/workspaces/{workspaceId}/buckets`. */
  pathTemplate: string;
  tag: string;
  summary: string;
  /** The one scope named in the operation's `security` requirement. */
  scope: string;
  /** `seed` when the seed states this route's scope; otherwise the gap id. */
  scopeSource: 'seed' | 'assumed';
  scopeGap?: string;
  /** The path names a bucket, so the key's `bucketIds` applies. */
  bucketScoped: boolean;
  /** The path names a workspace. */
  workspaceScoped: boolean;
  /** Any method but GET may change state. */
  mutates: boolean;
  /** The seed forbids agent HTTP clients to call this route (`x-agent-forbidden`). */
  agentForbidden: boolean;
  pathParams: RouteParam[];
  queryParams: RouteParam[];
  requestBody?: { required: boolean; schemaRef: string; example: unknown };
  successStatus: number;
  /** `#/components/schemas/...` of the success body. */
  successSchemaRef: string;
  successExample: unknown;
  /** Documented statuses other than the success one. */
  errorStatuses: number[];
}

function refOf(node: unknown, what: string): string {
  const ref = (node as { $ref?: string } | undefined)?.$ref;
  if (!ref) throw new Error(`${what} must be a $ref to a component schema`);
  return ref;
}

function readParams(doc: ApiDocument, pathItem: OpenAPIV3_1.PathItemObject, op: OpenAPIV3_1.OperationObject): RouteParam[] {
  const byKey = new Map<string, RouteParam>();
  for (const raw of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = resolveRef<OpenAPIV3_1.ParameterObject>(doc, raw);
    if (p.in !== 'path' && p.in !== 'query') continue;
    const schema = resolveRef<OpenAPIV3_1.SchemaObject>(doc, p.schema);
    const gap = (p as unknown as Record<string, unknown>)['x-assumed'];
    const needs = (p as unknown as Record<string, unknown>)['x-dependent-required'];
    byKey.set(`${p.in}:${p.name}`, {
      name: p.name,
      in: p.in,
      required: p.required === true,
      schema,
      assumedGap: typeof gap === 'string' && p.in === 'query' ? gap : undefined,
      dependentRequired: Array.isArray(needs) ? needs.map(String) : [],
    });
  }
  const params = [...byKey.values()];
  for (const p of params) {
    const unknown = p.dependentRequired.find((name) => !params.some((other) => other.name === name && other.in === p.in));
    if (unknown) throw new Error(`${op.operationId}: parameter ${p.name} needs ${unknown}, which the operation does not take`);
  }
  return params;
}

/** A 2xx status: success (RFC 9110 §15.3). The seed states no success code, so any 2xx is one. */
export const isSuccess = (status: number): boolean => status >= 200 && status < 300;

function readRoute(doc: ApiDocument, pathTemplate: string, method: HttpMethod, pathItem: OpenAPIV3_1.PathItemObject): Route {
  const op = pathItem[method.toLowerCase() as Lowercase<HttpMethod>] as OpenAPIV3_1.OperationObject;
  const where = `${method} ${pathTemplate}`;
  if (!op.operationId) throw new Error(`${where} has no operationId`);
  const scopes = op.security?.[0]?.apiKey;
  if (op.security?.length !== 1 || !scopes || scopes.length !== 1) throw new Error(`${where} must require exactly one scope`);
  const scopeGap = (op as Record<string, unknown>)['x-scope-assumed'] as string | undefined;

  const statuses = Object.keys(op.responses ?? {}).map(Number);
  const successStatus = statuses.find(isSuccess);
  if (successStatus === undefined) throw new Error(`${where} documents no success response`);
  const success = resolveRef<OpenAPIV3_1.ResponseObject>(doc, op.responses![String(successStatus)]);
  const successMedia = success.content?.['application/json'];

  let requestBody: Route['requestBody'];
  if (op.requestBody) {
    const body = resolveRef<OpenAPIV3_1.RequestBodyObject>(doc, op.requestBody);
    const media = body.content['application/json'];
    requestBody = { required: body.required === true, schemaRef: refOf(media?.schema, `${where} request body`), example: media?.example };
  }

  const params = readParams(doc, pathItem, op);
  return {
    operationId: op.operationId,
    method,
    pathTemplate,
    tag: op.tags?.[0] ?? '',
    summary: op.summary ?? '',
    scope: scopes[0],
    scopeSource: scopeGap ? 'assumed' : 'seed',
    scopeGap,
    bucketScoped: pathTemplate.includes('{bucketId}'),
    workspaceScoped: pathTemplate.includes('{workspaceId}'),
    mutates: method !== 'GET',
    agentForbidden: (op as Record<string, unknown>)['x-agent-forbidden'] === true,
    pathParams: params.filter((p) => p.in === 'path'),
    queryParams: params.filter((p) => p.in === 'query'),
    requestBody,
    successStatus,
    successSchemaRef: refOf(successMedia?.schema, `${where} success response`),
    successExample: successMedia?.example,
    errorStatuses: statuses.filter((s) => s >= 400).sort((a, b) => a - b),
  };
}

/** Builds the route table of a spec document, in the document's path order. */
export function buildRouteTable(doc: ApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [pathTemplate, pathItem] of Object.entries(doc.paths ?? {})) {
    if (!pathItem) continue;
    for (const method of METHODS) {
      if (pathItem[method.toLowerCase() as Lowercase<HttpMethod>]) routes.push(readRoute(doc, pathTemplate, method, pathItem));
    }
  }
  return routes;
}

/** Every scope the contract knows, seed ones first, with where each comes from. */
export function listScopes(doc: ApiDocument): { scope: string; source: 'seed' | 'assumed'; gap?: string }[] {
  const scheme = doc.components?.securitySchemes?.apiKey as Record<string, unknown> | undefined;
  const seed = (scheme?.['x-seed-scopes'] as string[] | undefined) ?? [];
  const assumed = (scheme?.['x-assumed-scopes'] as Record<string, string> | undefined) ?? {};
  return [
    ...seed.map((scope) => ({ scope, source: 'seed' as const })),
    ...Object.entries(assumed).map(([scope, gap]) => ({ scope, source: 'assumed' as const, gap })),
  ];
}

/** Fills a path template with parameter values (each one URL-encoded). */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });
}
