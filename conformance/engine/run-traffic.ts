// Sends the run's traffic tasks in a session (after the parts of the shared
// test files they need), each under its own name, so the rules judged over
// every exchange see more of the deployment. A task no configured key fits is
// not sent; one that fails stops only itself (what it did not send, the
// oracles report as not proven).
import type { RunSettings } from '../config/config-types.ts';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { pickKeys } from '../plan/key-picker.ts';
import { canCreateFixtures } from '../plan/planner.ts';
import { trafficTasks } from '../traffic/all-traffic.ts';
import type { TrafficTask } from '../traffic/traffic-types.ts';
import { attributed, attributionOf } from './attribution.ts';
import type { TargetSession } from './target-session.ts';

export interface TrafficReport {
  sent: number;
  /** Tasks not sent, with why. */
  notSent: string[];
  /** Tasks that stopped with an error, with the error (redacted). */
  problems: string[];
}

/** The traffic tasks of a run's settings. */
export function trafficOf(settings: RunSettings): TrafficTask[] {
  return trafficTasks({ routes: loadRouteTable(), overrides: settings.overrides }, { learn: settings.learn });
}

/** Sends every task the keys and the run allow, at most `limit` at a time. */
export async function runTraffic(
  session: TargetSession,
  tasks: TrafficTask[],
  limit: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<TrafficReport> {
  const { settings } = session;
  const report: TrafficReport = { sent: 0, notSent: [], problems: [] };
  const fixtures = canCreateFixtures(settings);
  await Promise.all(
    tasks.map((task) => {
      const keys = Object.fromEntries(
        Object.entries(task.keys).map(([role, need]) => [role, pickKeys(settings.keys, need, settings.buckets)]),
      );
      if (Object.values(keys).some((chosen) => chosen.length === 0)) return report.notSent.push(`${task.name}: no configured key fits`);
      if (task.writes && settings.readOnly) return report.notSent.push(`${task.name}: it writes, and the run is --read-only`);
      return limit(() =>
        attributed(attributionOf(`traffic: ${task.name}`, 'traffic'), async () => {
          try {
            const shared = fixtures && task.needs ? await session.parts.fixtures(task.needs) : { ready: false };
            await task.run(session.context(keys, shared));
            report.sent++;
          } catch (error) {
            report.problems.push(`${task.name}: ${session.api.redact((error as Error).message)}`);
          }
        }),
      );
    }),
  );
  return report;
}
