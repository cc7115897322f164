// Robustness checks (core: "never a 5xx for a client's mistake", G11),
// generated per route: bad bodies, hostile query values and bad path
// parameters are all answered below 500. Whether the answer is a refusal or a
// lenient success is the server's choice; the 4xx codes are profile checks.
import type { Route } from '../../openapi/contract/route-table.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import type { ApiRequest } from '../http/api-client.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { expectStatus } from '../client/assert.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { routePath } from '../client/request-builder.ts';
import { checkIds, type RobustnessCase } from '../plan/check-ids.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

/** Bodies no request schema accepts. */
export function badBodies(): { label: string; raw: string; contentType?: string }[] {
  return [
    { label: 'unparseable JSON', raw: '{"broken": ' },
    { label: 'a JSON array', raw: '[]' },
    { label: 'JSON null', raw: 'null' },
    { label: 'a JSON string', raw: '"text"' },
    { label: 'deeply nested arrays', raw: nested(5000) },
    { label: 'invalid UTF-8', raw: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]).toString('latin1') },
    { label: 'a form body', raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
  ];
}

/** Percent-encodes every byte outside the unreserved set (encodeURIComponent leaves !'()* as they are). */
const encode = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Query values as they go on the wire (already percent-encoded, sent as is): the wrong type, regular
 * expression and SQL metacharacters, a real NUL, 8 KiB, non-ASCII text and bytes that are not UTF-8.
 */
export const HOSTILE_QUERY_VALUES: { label: string; raw: string }[] = [
  { label: 'a negative number', raw: '-1' },
  { label: 'letters', raw: 'abc' },
  { label: 'a float overflow', raw: '1e309' },
  { label: 'a 20-digit number', raw: '99999999999999999999' },
  { label: 'an open parenthesis', raw: encode('(') },
  { label: 'an open bracket', raw: encode('[') },
  { label: 'a lone star', raw: encode('*') },
  { label: 'a backslash', raw: encode('\\') },
  { label: 'a trailing backslash', raw: encode('a\\') },
  { label: 'a single quote', raw: encode("'") },
  { label: 'a double quote', raw: encode('"') },
  { label: 'an SQL injection', raw: encode("' OR '1'='1' --") },
  { label: 'a regular expression', raw: encode('(a|[b-') },
  { label: 'LIKE wildcards', raw: encode('%_%') },
  { label: 'a literal "%00"', raw: encode('%00') },
  { label: 'a real NUL', raw: '%00' },
  { label: 'a NUL inside text', raw: 'a%00b' },
  { label: 'a malformed percent escape', raw: '%' },
  { label: 'a percent escape that is not hex', raw: '%G1' },
  { label: '8 KiB of text', raw: 'x'.repeat(8192) },
  { label: 'an emoji', raw: encode('💥') },
  { label: 'right-to-left text', raw: encode('שלום عالم') },
  { label: 'a right-to-left override', raw: encode('\u202Etxt.exe') },
  { label: 'bytes that are not UTF-8', raw: '%FF%FE' },
  { label: 'a truncated UTF-8 sequence', raw: '%E2%82' },
  { label: 'an encoded UTF-16 surrogate', raw: '%ED%A0%80' },
];

/** Every hostile value in every query parameter of the route, alone; and in `search` with `semantic=1` where both exist. */
export function hostileQueries(route: Route): string[] {
  const names = route.queryParams.map((p) => p.name);
  const alone = names.flatMap((name) => HOSTILE_QUERY_VALUES.map((v) => `${name}=${v.raw}`));
  const semantic =
    names.includes('search') && names.includes('semantic') ? HOSTILE_QUERY_VALUES.map((v) => `search=${v.raw}&semantic=1`) : [];
  return [...alone, ...semantic];
}

/** Path parameter values that are not ids. */
const BAD_IDS = ['..', '.', '%00', 'a'.repeat(300), ' ', '%2F', '💥', '%E0%A4%A'];

function check(
  route: Route,
  g: GeneratorContext,
  slug: RobustnessCase,
  what: string,
  writes: boolean,
  requests: (ctx: CheckRun) => ApiRequest[],
): CheckDef {
  return {
    id: checkIds.robustness(route.operationId, slug),
    title: `${routeLabel(route)} with ${what} is answered below 500, never a 5xx`,
    area: 'robustness',
    level: 'core',
    route: routeLabel(route),
    keys: { holder: holder(route, g.overrides) },
    writes,
    fixtures: false,
    async run(ctx) {
      // The probes are independent: sent at once (the client bounds how many are in flight), judged in order.
      // Each is malformed: the server must refuse it, and the check judges the status alone, so a second copy
      // after a gateway's 502 or a lost connection changes nothing (most go to no route the resend table knows).
      const sent = requests(ctx).map((request): ApiRequest => ({ ...request, resend: 'safe' }));
      const answers = await Promise.all(sent.map((request) => ctx.api.send(request)));
      answers.forEach((ex, i) => expectStatus(ex, (s) => s < 500, `a non-5xx answer to ${sent[i].method} ${sent[i].path.slice(0, 160)}`));
    },
  };
}

/** The robustness checks of every route. */
export function robustnessChecks(g: GeneratorContext): CheckDef[] {
  return g.routes.flatMap((route) => {
    const out: CheckDef[] = [];
    const auth = (ctx: CheckRun) => ({ key: ctx.keys.holder[0] });
    if (route.requestBody) {
      out.push(
        check(route, g, 'bad-bodies', 'malformed or mistyped bodies', true, (ctx) =>
          badBodies().map((b) => ({
            method: route.method,
            path: routePath(route, ctx.settings, 'allowed'),
            rawBody: Buffer.from(b.raw, 'latin1'),
            contentType: b.contentType,
            auth: auth(ctx),
          })),
        ),
      );
    }
    if (route.queryParams.length) {
      // The query goes in the path as is: URLSearchParams would re-encode the bytes that are not UTF-8.
      const what = 'hostile query values (wrong types, regex and SQL metacharacters, NUL, 8 KiB, non-ASCII, invalid UTF-8)';
      out.push(
        check(route, g, 'bad-query', what, route.mutates, (ctx) =>
          hostileQueries(route).map((query) => ({
            method: route.method,
            path: `${routePath(route, ctx.settings, 'allowed')}?${query}`,
            auth: auth(ctx),
          })),
        ),
      );
    }
    if (route.pathParams.length) {
      out.push(
        check(route, g, 'bad-path', 'path parameters that are not ids', route.mutates, (ctx) =>
          route.pathParams.flatMap((p) =>
            BAD_IDS.map((bad) => {
              const values = {
                workspaceId: ctx.settings.workspaceId,
                bucketId: ctx.settings.buckets.allowed,
                fileId: 'file_bucketkit_none',
              };
              // Raw, not URL-encoded: the point is to send what a sloppy client would.
              const path = fillPath(route.pathTemplate, { ...values, [p.name]: 'BUCKETKITPARAM' }).replace('BUCKETKITPARAM', bad);
              return { method: route.method, path, json: route.requestBody?.example, auth: auth(ctx) };
            }),
          ),
        ),
      );
    }
    return out;
  });
}
