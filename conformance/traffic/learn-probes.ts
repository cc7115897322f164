// Traffic for --learn: the few requests the learner needs that a run may not
// send by itself (at --level core, or with --grep): a key barred from the other
// bucket asks for its files; a request without a key; a method the spec does
// not list; and the file listing of the run's own prefix at the limits that
// find the largest page served. Sent only when the run learns.
import type { Route } from '../../openapi/contract/route-table.ts';
import { holder, type GeneratorContext } from '../plan/generator-context.ts';
import { expectedScope } from '../oracles/who-may-call.ts';
import { callRequest, routePath } from '../client/request-builder.ts';
import { limitAnswer, MAX_LIMIT_PROBES, nextLimitToTry, type LimitAnswer } from '../learn/page-size.ts';
import type { KeyNeed } from '../plan/check-types.ts';
import type { CheckRun } from '../plan/check-run.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { attributed, attributionOf } from '../run/attribution.ts';
import type { CheckSession } from '../plan/check-run.ts';
import { pickKeys } from '../plan/key-picker.ts';

/** One request the learner needs, with the keys it sends with by role (a probe no configured key fits is not sent). */
interface LearnProbe {
  name: string;
  keys: Record<string, KeyNeed>;
  /** It sends a writing request (never sent in a --read-only run). */
  writes: boolean;
  run(ctx: CheckRun): Promise<void>;
}

const routeOf = (g: GeneratorContext, operationId: string): Route => {
  const route = g.routes.find((r) => r.operationId === operationId);
  if (!route) throw new Error(`The spec has no operation ${operationId}`);
  return route;
};

/** The learner's probes. */
export function learnProbes(g: GeneratorContext): LearnProbe[] {
  const listFiles = routeOf(g, 'listFiles');
  const listWorkspaces = routeOf(g, 'listWorkspaces');
  // A method no route of this path lists, on a path where no deployment could do harm with it (it only presigns).
  const unlisted = routeOf(g, 'presignDownload');
  const reads = expectedScope(listFiles, g.overrides);
  return [
    {
      name: 'learn: a key barred from the other bucket lists its files',
      keys: { barred: { holds: [reads], barredFrom: 'other' } },
      writes: false,
      async run(ctx) {
        await ctx.api.send(callRequest(listFiles, ctx.settings, 'other', {}, { key: ctx.keys.barred[0] }));
      },
    },
    {
      name: 'learn: a request without a key',
      keys: {},
      writes: false,
      async run(ctx) {
        await ctx.api.send(callRequest(listWorkspaces, ctx.settings, 'allowed', {}, { none: true }));
      },
    },
    {
      name: 'learn: a method the spec does not list',
      keys: { holder: holder(unlisted, g.overrides) },
      // Not a GET: a --read-only run sends none.
      writes: true,
      async run(ctx) {
        await ctx.api.send({ method: 'DELETE', path: routePath(unlisted, ctx.settings, 'allowed'), auth: { key: ctx.keys.holder[0] } });
      },
    },
    {
      name: 'learn: the largest page a listing serves',
      keys: { reader: { holds: [reads], reaches: ['allowed'] } },
      writes: false,
      async run(ctx) {
        const answers: LimitAnswer[] = [];
        for (
          let limit = nextLimitToTry(answers);
          limit !== undefined && answers.length < MAX_LIMIT_PROBES;
          limit = nextLimitToTry(answers)
        ) {
          const query = { prefix: ctx.settings.runPrefix, limit: String(limit) };
          const ex = await ctx.api.send(callRequest(listFiles, ctx.settings, 'allowed', { query }, { key: ctx.keys.reader[0] }));
          const answer = limitAnswer(limit, ex.status, ex.text);
          // Neither served nor refused as bad input (a 403, a 5xx): nothing more to learn from asking again.
          if (!answer) return;
          answers.push(answer);
        }
      },
    },
  ];
}

/** Sends the learner's probes in a session, each with the keys it needs (a probe no key fits is not sent). */
export async function sendLearnProbes(session: CheckSession): Promise<void> {
  const { settings } = session;
  const g = { routes: loadRouteTable(), overrides: settings.overrides };
  await Promise.all(
    learnProbes(g).map((task) =>
      attributed(attributionOf(task.name, 'setup'), async () => {
        const keys = Object.fromEntries(
          Object.entries(task.keys).map(([role, need]) => [role, pickKeys(settings.keys, need, settings.buckets)]),
        );
        if (Object.values(keys).some((chosen) => chosen.length === 0) || (task.writes && settings.readOnly)) return;
        await task.run(session.context(keys, { ready: false }, new Set())).catch(() => undefined);
      }),
    ),
  );
}
