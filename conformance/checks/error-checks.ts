// Error checks (profile): problem+json bodies with the gap register's codes (or
// the status alone, overrides.errorFormat "any") for malformed JSON, the wrong
// content type, schema breaks, bad parameters, an unknown file, an oversized
// body, a taken path; and no key echoed in errors.
import { randomUUID } from 'node:crypto';
import type { Route } from '../../openapi/contract/route-table.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { ApiRequest } from '../http/api-client.ts';
import { createRedactor } from '../http/redact.ts';
import { describeResponse, fail } from '../client/assert.ts';
import { errorLabel, expectError } from '../client/error-answer.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { DISPOSABLE_SCOPES, scenarioNeeds } from '../operations/check-needs.ts';
import { bookOf } from '../operations/books.ts';
import { callRequest, routeById, type OperationCall } from '../client/request-builder.ts';
import { checkIds } from '../plan/check-ids.ts';

type Build = (route: Route) => CheckDef;

/** A field no request schema knows: a strict server names it in a 422. */
const UNKNOWN_FIELD = 'bucketkitUnknownField';

// Each body check breaks one thing of a call that would otherwise succeed (a real target, a valid body),
// so the answer rests on no order of checks the gap register does not state.
function bodyChecks(g: GeneratorContext): Build[] {
  const base = (route: Route) => ({
    area: 'errors' as const,
    level: 'profile' as const,
    route: routeLabel(route),
    keys: { holder: holder(route, g.overrides) },
    ...scenarioNeeds(route),
    writes: true,
  });
  const send = async (ctx: CheckRun, route: Route, change: (request: ApiRequest, call: OperationCall) => ApiRequest) => {
    const call = await bookOf(route).valid(ctx, 'allowed');
    return ctx.api.send(change(callRequest(route, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }), call));
  };
  return [
    (route) => ({
      ...base(route),
      id: checkIds.bodyError(route.operationId, 'malformed-json-400'),
      title: `${routeLabel(route)} with unparseable JSON is ${errorLabel(g.overrides, 400, 'invalid_request')}`,
      async run(ctx) {
        const ex = await send(ctx, route, (request) => ({ ...request, json: undefined, rawBody: '{"broken": ' }));
        expectError(ex, ctx, 400, 'invalid_request');
      },
    }),
    (route) => ({
      ...base(route),
      id: checkIds.bodyError(route.operationId, 'content-type-400'),
      title: `${routeLabel(route)} with a text/plain body is ${errorLabel(g.overrides, 400, 'invalid_request')}`,
      async run(ctx) {
        const ex = await send(ctx, route, (request, call) => ({
          ...request,
          json: undefined,
          rawBody: JSON.stringify(call.json ?? {}),
          contentType: 'text/plain',
        }));
        expectError(ex, ctx, 400, 'invalid_request');
      },
    }),
    (route) => ({
      ...base(route),
      id: checkIds.bodyError(route.operationId, 'schema-422'),
      title: `${routeLabel(route)} with a field the schema does not know is ${errorLabel(g.overrides, 422, 'validation_failed')} naming it`,
      async run(ctx) {
        const ex = await send(ctx, route, (request, call) => ({
          ...request,
          json: Object.assign({}, call.json, { [UNKNOWN_FIELD]: true }),
        }));
        expectError(ex, ctx, 422, 'validation_failed', { field: UNKNOWN_FIELD });
      },
    }),
  ];
}

function singleChecks(g: GeneratorContext): CheckDef[] {
  const update = routeById('updateFile');
  const list = routeById('listFiles');
  const presign = routeById('presignUpload');
  const single = (
    route: Route,
    id: string,
    title: string,
    needs: Pick<CheckDef, 'writes' | 'fixtures' | 'harness'>,
    run: CheckDef['run'],
  ): CheckDef => ({
    id,
    title: `${routeLabel(route)} ${title}`,
    area: 'errors',
    level: 'profile',
    route: routeLabel(route),
    keys: { holder: holder(route, g.overrides) },
    ...needs,
    run,
  });
  const label = (status: number, code: string) => errorLabel(g.overrides, status, code);
  return [
    single(
      update,
      checkIds.error('unknown-file-404'),
      `on a file that does not exist is ${label(404, 'not_found')}`,
      { writes: true, fixtures: false },
      async (ctx) => {
        const call: OperationCall<'updateFile'> = { fileId: `file_bucketkit_absent_${ctx.unique()}`, json: { tags: ['bucketkit-probe'] } };
        const ex = await ctx.api.send(callRequest(update, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
        expectError(ex, ctx, 404, 'not_found');
      },
    ),
    single(
      update,
      checkIds.error('body-too-large-413'),
      `with a body over 1 MiB is ${label(413, 'payload_too_large')}`,
      { writes: true, fixtures: false, harness: [{ scopes: DISPOSABLE_SCOPES, bucket: 'allowed' }] },
      async (ctx) => {
        // On a real file, so a server that looks the file up before reading the body answers the same.
        const file = await ctx.files.create('allowed');
        const call: OperationCall<'updateFile'> = { fileId: file.id, json: { description: 'x'.repeat(1024 * 1024 + 16) } };
        const ex = await ctx.api.send(callRequest(update, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
        expectError(ex, ctx, 413, 'payload_too_large');
      },
    ),
    single(
      list,
      checkIds.error('bad-path-parameter-400'),
      `with a bucketId that is not an id is ${label(400, 'invalid_request')}`,
      { writes: false, fixtures: false },
      async (ctx) => {
        const ex = await ctx.api.send(callRequest(list, ctx.settings, { id: 'not an id!' }, {}, { key: ctx.keys.holder[0] }));
        expectError(ex, ctx, 400, 'invalid_request');
      },
    ),
    single(
      list,
      checkIds.error('bad-query-400'),
      `with limit=0 is ${label(400, 'invalid_request')} naming limit`,
      { writes: false, fixtures: false },
      async (ctx) => {
        const ex = await ctx.api.send(callRequest(list, ctx.settings, 'allowed', { query: { limit: '0' } }, { key: ctx.keys.holder[0] }));
        expectError(ex, ctx, 400, 'invalid_request', { field: 'limit' });
      },
    ),
    single(
      presign,
      checkIds.error('path-taken-409'),
      `at the path of an existing file is ${label(409, 'conflict')}`,
      { writes: true, fixtures: true },
      async (ctx) => {
        const call: OperationCall<'presignUpload'> = { json: { path: ctx.fixtures.allowedFile!.path, contentType: 'text/plain', size: 1 } };
        const ex = await ctx.api.send(callRequest(presign, ctx.settings, 'allowed', call, { key: ctx.keys.holder[0] }));
        expectError(ex, ctx, 409, 'conflict');
      },
    ),
  ];
}

function keyNotEchoedCheck(g: GeneratorContext): CheckDef {
  const list = routeById('listFiles');
  const scope = list.scope;
  return {
    id: checkIds.error('key-not-echoed'),
    title: `${routeLabel(list)} refusals (401 and 403) never echo the presented key`,
    area: 'errors',
    level: 'profile',
    route: routeLabel(list),
    keys: { holder: holder(list, g.overrides), lacking: { lacks: scope, reaches: ['allowed'] } },
    writes: false,
    fixtures: false,
    async run(ctx) {
      // Random, like a real key: the run id also travels in a header a server may echo, which must not read as the key.
      const unknown = `bk_unknown_${randomUUID().replace(/-/g, '')}`;
      const attempts = [
        { token: ctx.api.token(ctx.keys.lacking[0]), auth: { key: ctx.keys.lacking[0] } },
        { token: ctx.api.token(ctx.keys.holder[0]), auth: { header: `Token ${ctx.api.token(ctx.keys.holder[0])}` } },
        { token: unknown, auth: { header: `Bearer ${unknown}` } },
      ];
      for (const { token, auth } of attempts) {
        const ex = await ctx.api.send(callRequest(list, ctx.settings, 'allowed', {}, auth));
        const raw = `${JSON.stringify(ex.headers)}\n${ex.text}`;
        if (createRedactor([{ env: 'PRESENTED_KEY', token }]).leaks(raw))
          fail('a refusal that does not contain the presented key', ex, `the presented key in the response: ${describeResponse(ex)}`);
      }
    },
  };
}

/** The error checks: three per route with a request body, plus single ones. */
export function errorChecks(g: GeneratorContext): CheckDef[] {
  const withBody = g.routes.filter((r) => r.requestBody && !r.agentForbidden);
  return [...withBody.flatMap((route) => bodyChecks(g).map((build) => build(route))), ...singleChecks(g), keyNotEchoedCheck(g)];
}
