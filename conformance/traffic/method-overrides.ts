// Traffic: on every path with a GET and a writing method, a GET carrying the
// write's method in each override form (three headers and ?_method=), with the
// write's valid body, sent without a key and by a key holding neither scope.
// Judged as both operations: any 2xx then gives the sender more than it holds.
// (A key holding the read scope is the SCOPE-…-method-override-refused checks'
// case: its 2xx may be the GET, so a read-back decides there.)
import { type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope, holdsScope } from '../oracles/who-may-call.ts';
import { OVERRIDE_FORMS, overridePairs, overrideRequest, type OverridePair } from '../client/method-override.ts';
import { bookOf } from '../operations/books.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { SetupPart } from '../plan/fixture-types.ts';
import type { TrafficTask } from './traffic-types.ts';
import { validCall } from '../operations/valid-call.ts';

async function sendForms(ctx: CheckRun, pair: OverridePair, key: string | undefined): Promise<void> {
  const call = await validCall(ctx, pair.write, 'allowed');
  for (const form of OVERRIDE_FORMS) {
    await ctx.api.send(overrideRequest(pair, form, ctx.settings, 'allowed', call, key ? { key } : { none: true }));
  }
}

function overrideTasks(pair: OverridePair, g: GeneratorContext): TrafficTask[] {
  const readScope = expectedScope(pair.read, g.overrides);
  const writeScope = expectedScope(pair.write, g.overrides);
  const where = `GET ${pair.read.pathTemplate} carrying ${pair.write.method} in method overrides`;
  const needs: SetupPart[] | undefined = bookOf(pair.write).files === 'shared' ? ['allowedFile'] : undefined;
  // A server that honoured the override would act on the write's valid body.
  const common = { writes: true, needs, operationId: pair.write.operationId };
  return [
    { ...common, name: `${where}, without a key`, rules: ['auth'], keys: {}, run: (ctx) => sendForms(ctx, pair, undefined) },
    {
      ...common,
      name: `${where}, by a key holding neither ${readScope} nor ${writeScope}`,
      rules: ['scope'],
      keys: { key: { lacks: writeScope, reaches: ['allowed'], every: true } },
      async run(ctx) {
        const holdsRead = (name: string) => ctx.settings.keys.some((k) => k.name === name && holdsScope(k, readScope));
        const key = ctx.keys.key.find((name) => !holdsRead(name));
        if (!key) throw new Error(`no configured key holds neither ${readScope} nor ${writeScope}`);
        await sendForms(ctx, pair, key);
      },
    },
  ];
}

/** Two tasks per path with a GET and a writing method. */
export function methodOverrideTraffic(g: GeneratorContext): TrafficTask[] {
  return overridePairs(g.routes).flatMap((pair) => overrideTasks(pair, g));
}
