// Validates bodies and parameters against the bundled spec's schemas with
// Ajv (JSON Schema 2020-12). Every validator is compiled once. A request body
// is checked first by a validator that stops at the first error; only a small
// failing body is checked again for every error, so a 1 MiB body of 100k bad
// items costs milliseconds, not seconds.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { OpenAPIV3_1 } from 'openapi-types';
import { resolveRef, type ApiDocument } from './spec-refs.ts';
import type { Route, RouteParam } from './route-table.ts';
import { addFastUniqueItems, withFastUniqueItems } from './unique-items.ts';
import { toFieldErrors, type FieldError } from './field-errors.ts';
import { isLargeBody } from './value-size.ts';
import { withAjvDiscriminators } from './discriminators.ts';

export { MAX_FIELD_ERRORS, type FieldError } from './field-errors.ts';

const SPEC_ID = 'urn:bucketkit:spec';
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

/** Turns a query or path string into the type its schema asks for; undefined when it cannot. */
function coerce(raw: string, schema: OpenAPIV3_1.SchemaObject): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer') return /^-?\d{1,15}$/.test(raw) ? Number(raw) : raw;
  if (type === 'number') return raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

export interface ParamResult {
  values: Record<string, unknown>;
  errors: FieldError[];
}

export interface SchemaValidator {
  /**
   * Validates a parsed JSON request body of the route. A failing body names
   * every offending field (at most 100), or only the first when it is large:
   * over 64 KiB when `bodyBytes` (its size on the wire) is given, else over
   * 2,000 JSON values.
   */
  validateRequestBody(route: Route, body: unknown, bodyBytes?: number): FieldError[];
  /** Validates path parameters and query values; unknown query names are ignored. */
  validateParams(route: Route, pathValues: Record<string, string>, query: URLSearchParams): ParamResult;
  /** Validates a response body against what the route documents for that status. */
  validateResponse(route: Route, status: number, contentType: string | null, body: unknown): FieldError[];
  /** Validates any value against a `#/components/schemas/...` reference. */
  validateRef(ref: string, value: unknown): FieldError[];
  /**
   * Compiles what is not compiled yet (with `compile: 'lazy'`): the request
   * side (bodies, parameters) or everything. Yields between validators when
   * `chunked`, so a server can warm up right after it starts listening.
   */
  warmUp(scope?: 'requests' | 'all', chunked?: boolean): Promise<void>;
}

export interface SchemaValidatorOptions {
  /**
   * `eager` (default) compiles every validator now. `lazy` compiles each on
   * first use (or on `warmUp`): a server then starts without paying for
   * response validators it never uses.
   */
  compile?: 'eager' | 'lazy';
}

/** Compiles the validators of every route of a spec document (see `options.compile`). */
export function createSchemaValidator(doc: ApiDocument, routes: Route[], options: SchemaValidatorOptions = {}): SchemaValidator {
  const eager = (options.compile ?? 'eager') === 'eager';
  const components = withAjvDiscriminators(withFastUniqueItems(doc.components));
  const makeAjv = (allErrors: boolean) => {
    // `discriminator` checks only the branch the tag names; `verbose` lets its errors name the tag's values.
    const ajv = new Ajv2020({ allErrors, strict: false, validateFormats: true, discriminator: true, verbose: true });
    addFormats(ajv);
    addFastUniqueItems(ajv);
    ajv.addSchema({ $id: SPEC_ID, components }, SPEC_ID);
    return ajv;
  };
  const ajv = makeAjv(true);
  // Compiled on first use only: it serves request bodies.
  let firstErrorAjv: Ajv2020 | undefined;

  const refCompiler = (instance: () => Ajv2020) => {
    const byRef = new Map<string, ValidateFunction>();
    return (ref: string): ValidateFunction => {
      let fn = byRef.get(ref);
      if (!fn) {
        fn = instance().getSchema(`${SPEC_ID}${ref}`);
        if (!fn) throw new Error(`No schema at ${ref}`);
        byRef.set(ref, fn);
      }
      return fn;
    };
  };
  const compileRef = refCompiler(() => ajv);
  const compileFirstError = refCompiler(() => (firstErrorAjv ??= makeAjv(false)));
  const paramValidators = new Map<RouteParam, ValidateFunction>();
  const paramValidator = (param: RouteParam): ValidateFunction => {
    let fn = paramValidators.get(param);
    if (!fn) paramValidators.set(param, (fn = ajv.compile(withFastUniqueItems(param.schema))));
    return fn;
  };
  const responses = new Map<string, { mediaType: string; schemaRef?: string }>();
  const requestWork: (() => unknown)[] = [];
  const responseWork: (() => unknown)[] = [];

  for (const route of routes) {
    if (route.requestBody) {
      const ref = route.requestBody.schemaRef;
      requestWork.push(
        () => compileFirstError(ref),
        () => compileRef(ref),
      );
    }
    for (const param of [...route.pathParams, ...route.queryParams]) requestWork.push(() => paramValidator(param));
    const op = (doc.paths?.[route.pathTemplate] as Record<string, OpenAPIV3_1.OperationObject>)[route.method.toLowerCase()];
    for (const [status, raw] of Object.entries(op.responses ?? {})) {
      const response = resolveRef<OpenAPIV3_1.ResponseObject>(doc, raw);
      const [mediaType, media] = Object.entries(response.content ?? {})[0] ?? [];
      const schemaRef = (media?.schema as { $ref?: string } | undefined)?.$ref;
      responses.set(`${route.operationId} ${status}`, { mediaType: mediaType ?? '', schemaRef });
      if (schemaRef) responseWork.push(() => compileRef(schemaRef));
    }
  }
  if (eager) for (const work of [...requestWork, ...responseWork]) work();

  return {
    validateRequestBody(route, body, bodyBytes) {
      if (!route.requestBody) return [];
      const first = compileFirstError(route.requestBody.schemaRef);
      if (first(body)) return [];
      if (isLargeBody(body, bodyBytes)) return toFieldErrors('body', first.errors);
      const validate = compileRef(route.requestBody.schemaRef);
      return validate(body) ? [] : toFieldErrors('body', validate.errors);
    },

    validateParams(route, pathValues, query) {
      const values: Record<string, unknown> = {};
      const errors: FieldError[] = [];
      for (const param of route.pathParams) {
        const raw = pathValues[param.name];
        const value = raw === undefined ? undefined : coerce(raw, param.schema);
        const validate = paramValidator(param);
        if (raw === undefined) errors.push({ location: 'path', field: param.name, message: 'is required' });
        else if (!validate(value)) errors.push(...toFieldErrors('path', validate.errors, param.name));
        else values[param.name] = value;
      }
      for (const param of route.queryParams) {
        const all = query.getAll(param.name);
        if (all.length === 0) {
          if (param.required) errors.push({ location: 'query', field: param.name, message: 'is required' });
          else if (param.schema.default !== undefined) values[param.name] = param.schema.default;
          continue;
        }
        if (all.length > 1) {
          errors.push({ location: 'query', field: param.name, message: 'must be given once' });
          continue;
        }
        const value = coerce(all[0], param.schema);
        const validate = paramValidator(param);
        if (!validate(value)) errors.push(...toFieldErrors('query', validate.errors, param.name));
        else values[param.name] = value;
      }
      return { values, errors };
    },

    validateResponse(route, status, contentType, body) {
      const documented = responses.get(`${route.operationId} ${status}`);
      if (!documented)
        return [{ location: 'header', field: 'status', message: `status ${status} is not documented for ${route.operationId}` }];
      const actualType = (contentType ?? '').split(';')[0].trim().toLowerCase();
      if (documented.mediaType && actualType !== documented.mediaType) {
        return [{ location: 'header', field: 'content-type', message: `must be ${documented.mediaType}, was "${actualType}"` }];
      }
      if (!documented.schemaRef) return [];
      const validate = compileRef(documented.schemaRef);
      return validate(body) ? [] : toFieldErrors('body', validate.errors);
    },

    validateRef(ref, value) {
      const validate = compileRef(ref);
      return validate(value) ? [] : toFieldErrors('body', validate.errors);
    },

    async warmUp(scope = 'all', chunked = false) {
      for (const work of scope === 'all' ? [...requestWork, ...responseWork] : requestWork) {
        work();
        if (chunked) await new Promise((resolve) => setTimeout(resolve, 0));
      }
    },
  };
}
