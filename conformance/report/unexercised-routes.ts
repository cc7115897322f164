// The routes no check exercised, and why: a route counts as exercised when a
// check other than its served proof passed or failed on it. For the others the
// reports say what kept their checks from a verdict: the route is not served,
// its checks could not run (the first reason, e.g. the test data they needed),
// they were skipped, or none was selected. The console and summary.md end with it.
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { checkIds } from '../plan/check-ids.ts';
import type { Summary } from './summary.ts';

export interface UnexercisedRoute {
  route: string;
  why: string;
}

const SHORT = 240;
const short = (text: string) => (text.length > SHORT ? `${text.slice(0, SHORT - 1)}…` : text);

/** Each route of the summary that no check other than its served check judged, with why. */
export function unexercisedRoutes(s: Summary): UnexercisedRoute[] {
  // A run of a user's own tests alone (checks: false) ran no check of any route: one line says so (runNotes).
  if (s.checks.length === 0) return [];
  const servedIds = new Set(loadRouteTable().map((r) => checkIds.served(r.operationId)));
  return Object.keys(s.routes).flatMap((route) => {
    const checks = s.checks.filter((c) => c.route === route);
    if (checks.some((c) => !servedIds.has(c.id) && (c.status === 'pass' || c.status === 'fail'))) return [];
    const first = (status: string) => checks.find((c) => c.status === status && !servedIds.has(c.id))?.reason;
    const served = checks.find((c) => servedIds.has(c.id));
    const why =
      first('unserved') ??
      (served?.status === 'unbuilt' ? `not built yet (${served.id})` : undefined) ??
      (served?.status === 'fail' ? `its served check ${served.id} failed` : undefined) ??
      first('error') ??
      first('skip') ??
      first('disabled') ??
      'no check of it was selected (--level, --grep, --shard or the keys)';
    return [{ route, why: short(why) }];
  });
}

/** The console's closing lines: the routes no check exercised, and why (none when every route was). */
export function unexercisedLines(s: Summary): string[] {
  const routes = unexercisedRoutes(s);
  if (!routes.length) return [];
  return [`routes no check exercised (${routes.length}):`, ...routes.map((r) => `  ${r.route}: ${r.why}`)];
}

/** The same as the closing section of summary.md. */
export function unexercisedSection(s: Summary): string[] {
  const routes = unexercisedRoutes(s);
  if (!routes.length) return [];
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    '## Routes no check exercised',
    '',
    'No check other than the served check passed or failed on these routes; the first reason their checks gave:',
    '',
    '| route | why |',
    '|---|---|',
    ...routes.map((r) => `| \`${r.route}\` | ${cell(r.why)} |`),
  ];
}
