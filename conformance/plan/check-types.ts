// What a conformance check is: a requirement id, a sentence title, its area and
// level, the keys it needs, and the function that runs it.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { Area, Level } from '../config/config-types.ts';
import type { CheckRun } from './check-run.ts';
import type { SetupPart } from './fixture-types.ts';

/** A key a check needs: what it must hold, lack and reach. */
export interface KeyNeed {
  holds?: string[];
  lacks?: string;
  /** Buckets the key must reach (its bucketIds null or listing them). */
  reaches?: ('allowed' | 'other')[];
  /** A bucket the key's bucketIds must exclude. */
  barredFrom?: 'other';
  /** A bucket the key's bucketIds should exclude: such a key is picked first, any other fitting key otherwise. */
  preferBarredFrom?: 'other';
  /** Use every key that fits, not only the smallest one. */
  every?: boolean;
  /** The fitting key with the most scopes, not the fewest (the scope needed is not known: it holds whichever). */
  widest?: true;
}

export interface CheckDef {
  /** Stable requirement id, e.g. SCOPE-listFiles-refused. */
  id: string;
  /** A sentence, e.g. "GET /workspaces without workspaces:read is refused". */
  title: string;
  area: Area;
  level: Level;
  /** `METHOD /path` of the route it checks, when it checks one. */
  route?: string;
  /** The operation of that route (set from the route table for every check that names a route). */
  operationId?: string;
  /**
   * What its verdict rests on: its route being served (`route`, the default for a check of a route: a refusal cannot
   * be told from a route that is not there), every route's proof (`every-route`: it proves scopes on any route), or
   * nothing (`none`: it is the route's served proof itself).
   */
  gate?: 'route' | 'every-route' | 'none';
  /**
   * The rules (ORACLE_RULES slugs) its own exchanges are judged by as it ends; every rule by default. An oracle
   * check answers for its one rule: another rule's break in its variants is that rule's oracle check's to report.
   */
  judgedBy?: string[];
  keys: Record<string, KeyNeed>;
  /**
   * The configured key (by name) whose declaration the check verifies: a KEY check. Its failure's key findings say
   * where that key misbehaved, and reports note them on other failures that used the key there.
   */
  verifiesKey?: string;
  /** Sends a writing request (so it cannot run with --read-only). */
  writes: boolean;
  /** Needs shared test files (the parts in `needs`, or all of them). */
  fixtures: boolean;
  /** The parts of the shared test files the check reads (default: every part, when `fixtures`). */
  needs?: SetupPart[];
  /**
   * The check judges any files it is given: when the run cannot make its own (a --read-only run, no key that uploads),
   * it runs on the files the bucket already holds, read, instead of being skipped.
   */
  heldFiles?: true;
  /** Scopes the harness itself needs for set-up or read-back (skip naming them when missing). */
  harness?: { scopes: string[]; bucket?: 'allowed' | 'other' }[];
  /**
   * `every-check`: runs once every other check of the run has ended (the effects watch compares the run's end with
   * its start). The in-process runner runs such checks last; Playwright in a project torn down after the others.
   */
  after?: 'every-check';
  /** A lock name: checks sharing it never run at the same time (bucket-wide state such as intelligence). */
  exclusive?: string;
  /** Runs the check: throws a CheckFailure when the server breaks the requirement; a pass may return a note
   * for its record (what it could not prove, e.g. in a --read-only run). */
  run(ctx: CheckRun): Promise<string | void>;
}

export type PlannedStatus = 'run' | 'skip' | 'disabled';

export interface PlannedCheck {
  def: CheckDef;
  status: PlannedStatus;
  reason?: string;
  keys: Record<string, string[]>;
}

/** `METHOD /path`: a route's name in check titles (their first words), in `CheckDef.route` and in the reports that group by route. */
export function routeLabel(route: Route): string {
  return `${route.method} ${route.pathTemplate}`;
}
