// Scope checks of method overrides: a GET carrying the write method of its path
// (in X-HTTP-Method-Override, X-Method-Override, X-HTTP-Method or ?_method=),
// sent with the write's body by a key that holds the read scope but lacks the
// write's, must not make the write happen. A 2xx alone says nothing (a server
// that ignores the override serves the GET), so a read-back decides.
import { scopeLevel, type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { scenarioNeeds } from '../operations/check-needs.ts';
import { routeLabel, type CheckDef } from '../plan/check-types.ts';
import { fail } from '../client/assert.ts';
import { OVERRIDE_FORMS, overridePairs, overrideRequest, type OverridePair } from '../client/method-override.ts';
import { bookOf } from '../operations/books.ts';
import { showsWithinWindow } from '../client/read-back.ts';
import { checkIds } from '../plan/check-ids.ts';

function overrideRefusedCheck(pair: OverridePair, g: GeneratorContext): CheckDef {
  const { read, write } = pair;
  const readScope = expectedScope(read, g.overrides);
  const writeScope = expectedScope(write, g.overrides);
  const book = bookOf(write);
  return {
    id: checkIds.scope(write.operationId, 'method-override-refused'),
    title: `GET ${write.pathTemplate} carrying ${write.method} in a method override, by a key with ${readScope} but without ${writeScope}, changes nothing`,
    area: 'scopes',
    level: scopeLevel(write),
    route: routeLabel(write),
    keys: { reader: { holds: [readScope], lacks: writeScope, reaches: ['allowed'] } },
    ...scenarioNeeds(write),
    needs: book.files === 'shared' ? ['allowedFile'] : undefined,
    async run(ctx) {
      const key = ctx.keys.reader[0];
      // One probe per form, all sent before one read-back window: the change that shows names its form.
      const sent = await Promise.all(
        OVERRIDE_FORMS.map(async (form) => {
          const probe = await book.probe!(ctx, 'allowed');
          const ex = await ctx.api.send(overrideRequest(pair, form, ctx.settings, 'allowed', probe.call, { key }));
          return { form, probe, ex };
        }),
      );
      let applied: (typeof sent)[number] | undefined;
      await showsWithinWindow(ctx, async () => {
        for (const s of sent) {
          if (await s.probe.effectVisible()) {
            applied = s;
            return true;
          }
        }
        return false;
      });
      if (applied)
        fail(
          `no change from a GET carrying ${applied.form.name(write.method)} by key "${key}", which lacks ${writeScope}`,
          applied.ex,
          `${applied.ex.status}, and a read-back shows the ${write.method}'s change: the override was honoured without ${writeScope}`,
        );
    },
  };
}

/** One check per path with a GET and a writing method whose change a read-back can show. */
export function scopeOverrideChecks(g: GeneratorContext): CheckDef[] {
  return overridePairs(g.routes)
    .filter((pair) => bookOf(pair.write).probe !== undefined)
    .map((pair) => overrideRefusedCheck(pair, g));
}
