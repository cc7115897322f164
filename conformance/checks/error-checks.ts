// Error checks (profile): problem+json bodies with the gap register's codes for
// malformed JSON, the wrong content type, schema breaks, bad parameters, an
// unknown file, an oversized body, a taken path; and no key echoed in errors.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { CheckDef } from '../plan/check-types.ts';
import { secretForms } from '../http/redact.ts';
import { describeResponse, expectProblem, fail } from './assert.ts';
import { holder, routeTitle, type GeneratorContext } from './generator-context.ts';
import { UNKNOWN_FIELD_BODY } from './path-checks.ts';
import { callRequest, routeById, routePath } from './request-builder.ts';

type Build = (route: Route) => CheckDef;

function bodyChecks(g: GeneratorContext): Build[] {
  const base = (route: Route) => ({
    area: 'errors' as const,
    level: 'profile' as const,
    route: routeTitle(route),
    keys: { holder: holder(route, g.overrides) },
    writes: true,
    fixtures: false,
  });
  return [
    (route) => ({
      ...base(route),
      id: `ERR-${route.operationId}-malformed-json-400`,
      title: `${routeTitle(route)} with unparseable JSON is 400 invalid_request`,
      async run(ctx) {
        const ex = await ctx.api.send({
          method: route.method,
          path: routePath(route, ctx.settings, 'allowed'),
          rawBody: '{"broken": ',
          auth: { key: ctx.keys.holder[0] },
        });
        expectProblem(ex, 400, 'invalid_request', ctx.validator);
      },
    }),
    (route) => ({
      ...base(route),
      id: `ERR-${route.operationId}-content-type-400`,
      title: `${routeTitle(route)} with a text/plain body is 400 invalid_request`,
      async run(ctx) {
        const ex = await ctx.api.send({
          method: route.method,
          path: routePath(route, ctx.settings, 'allowed'),
          rawBody: JSON.stringify(route.requestBody?.example ?? {}),
          contentType: 'text/plain',
          auth: { key: ctx.keys.holder[0] },
        });
        expectProblem(ex, 400, 'invalid_request', ctx.validator);
      },
    }),
    (route) => ({
      ...base(route),
      id: `ERR-${route.operationId}-schema-422`,
      title: `${routeTitle(route)} with a field the schema does not know is 422 validation_failed naming it`,
      async run(ctx) {
        const ex = await ctx.api.send(
          callRequest(route, ctx.settings, 'allowed', { json: UNKNOWN_FIELD_BODY }, { key: ctx.keys.holder[0] }),
        );
        const body = expectProblem(ex, 422, 'validation_failed', ctx.validator);
        const fields = ((body.errors as { field: string }[] | undefined) ?? []).map((e) => e.field);
        if (!fields.some((f) => f.includes('bucketkitUnknownField'))) fail('errors[] naming bucketkitUnknownField', ex);
      },
    }),
  ];
}

function singleChecks(g: GeneratorContext): CheckDef[] {
  const update = routeById('updateFile');
  const list = routeById('listFiles');
  const presign = routeById('presignUpload');
  const single = (route: Route, id: string, title: string, writes: boolean, fixtures: boolean, run: CheckDef['run']): CheckDef => ({
    id,
    title: `${routeTitle(route)} ${title}`,
    area: 'errors',
    level: 'profile',
    route: routeTitle(route),
    keys: { holder: holder(route, g.overrides) },
    writes,
    fixtures,
    run,
  });
  return [
    single(update, 'ERR-unknown-file-404', 'on a file that does not exist is 404 not_found', true, false, async (ctx) => {
      const ex = await ctx.api.send(
        callRequest(
          update,
          ctx.settings,
          'allowed',
          { fileId: `file_bucketkit_absent_${ctx.unique()}`, json: { tags: ['bucketkit-probe'] } },
          { key: ctx.keys.holder[0] },
        ),
      );
      expectProblem(ex, 404, 'not_found', ctx.validator);
    }),
    single(update, 'ERR-body-too-large-413', 'with a body over 1 MiB is 413 payload_too_large', true, false, async (ctx) => {
      const json = { description: 'x'.repeat(1024 * 1024 + 16) };
      const ex = await ctx.api.send(
        callRequest(
          update,
          ctx.settings,
          'allowed',
          { fileId: `file_bucketkit_absent_${ctx.unique()}`, json },
          { key: ctx.keys.holder[0] },
        ),
      );
      expectProblem(ex, 413, 'payload_too_large', ctx.validator);
    }),
    single(list, 'ERR-bad-path-parameter-400', 'with a bucketId that is not an id is 400 invalid_request', false, false, async (ctx) => {
      const ex = await ctx.api.send(callRequest(list, ctx.settings, { id: 'not an id!' }, {}, { key: ctx.keys.holder[0] }));
      expectProblem(ex, 400, 'invalid_request', ctx.validator);
    }),
    single(list, 'ERR-bad-query-400', 'with limit=0 is 400 invalid_request naming limit', false, false, async (ctx) => {
      const ex = await ctx.api.send(callRequest(list, ctx.settings, 'allowed', { query: { limit: '0' } }, { key: ctx.keys.holder[0] }));
      const body = expectProblem(ex, 400, 'invalid_request', ctx.validator);
      if (!((body.errors as { field: string }[] | undefined) ?? []).some((e) => e.field === 'limit')) fail('errors[] naming limit', ex);
    }),
    single(presign, 'ERR-path-taken-409', 'at the path of an existing file is 409 conflict', true, true, async (ctx) => {
      const file = ctx.fixtures.allowedFile!;
      const ex = await ctx.api.send(
        callRequest(
          presign,
          ctx.settings,
          'allowed',
          { json: { path: file.path, contentType: 'text/plain', size: 1 } },
          { key: ctx.keys.holder[0] },
        ),
      );
      expectProblem(ex, 409, 'conflict', ctx.validator);
    }),
  ];
}

function keyNotEchoedCheck(g: GeneratorContext): CheckDef {
  const list = routeById('listFiles');
  const scope = list.scope;
  return {
    id: 'ERR-key-not-echoed',
    title: `${routeTitle(list)} refusals (401 and 403) never echo the presented key`,
    area: 'errors',
    level: 'profile',
    route: routeTitle(list),
    keys: { holder: holder(list, g.overrides), lacking: { lacks: scope, reaches: ['allowed'] } },
    writes: false,
    fixtures: false,
    async run(ctx) {
      const unknown = `bk_unknown_${ctx.unique()}_${ctx.settings.runId}`;
      const attempts = [
        { token: ctx.api.token(ctx.keys.lacking[0]), auth: { key: ctx.keys.lacking[0] } },
        { token: ctx.api.token(ctx.keys.holder[0]), auth: { header: `Token ${ctx.api.token(ctx.keys.holder[0])}` } },
        { token: unknown, auth: { header: `Bearer ${unknown}` } },
      ];
      for (const { token, auth } of attempts) {
        const ex = await ctx.api.send(callRequest(list, ctx.settings, 'allowed', {}, auth));
        const raw = `${JSON.stringify(ex.headers)}\n${ex.text}`;
        if (secretForms(token).some((form) => raw.includes(form)))
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
