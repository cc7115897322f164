// What a conformance check is: a requirement id, a sentence title, its area and
// level, the keys it needs, and the function that runs it.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { Area, Level, RunSettings } from '../config/config-types.ts';
import type { Api } from '../http/api.ts';
import type { ExchangeView } from '../oracles/exchange-view.ts';
import type { JudgeContext } from '../oracles/oracle-rules.ts';
import type { OtherBucketMarkers } from '../oracles/markers.ts';
import type { SharedFixtures, DisposableFiles, SetupPart } from './fixture-types.ts';

/** A key a check needs: what it must hold, lack and reach. */
export interface KeyNeed {
  holds?: string[];
  lacks?: string;
  /** Buckets the key must reach (its bucketIds null or listing them). */
  reaches?: ('allowed' | 'other')[];
  /** A bucket the key's bucketIds must exclude. */
  barredFrom?: 'other';
  /** Use every key that fits, not only the smallest one. */
  every?: boolean;
}

export interface CheckRun {
  api: Api;
  settings: RunSettings;
  /** The keys chosen for each role the check declared, by config name. */
  keys: Record<string, string[]>;
  fixtures: SharedFixtures;
  files: DisposableFiles;
  validator: SchemaValidator;
  /** Picks a configured key holding the scopes and reaching the bucket, for set-up and read-back. */
  harnessKey(scopes: string[], bucket?: 'allowed' | 'other'): string;
  /** A short lowercase token unique within the run, for names and markers. */
  unique(): string;
  /** Operations the run found the deployment does not serve (a KEY check proves scopes on other routes). */
  unserved?: ReadonlySet<string>;
  /** What belongs to the other bucket: a check that puts something there adds its id and marker strings. */
  markers?: OtherBucketMarkers;
  /** For the checks that judge every exchange of the run (given once every other check has run). */
  judge?: { views(): ExchangeView[]; context: JudgeContext };
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
  keys: Record<string, KeyNeed>;
  /** Sends a writing request (so it cannot run with --read-only). */
  writes: boolean;
  /** Needs shared test files (the parts in `needs`, or all of them). */
  fixtures: boolean;
  /** The parts of the shared test files the check reads (default: every part, when `fixtures`). */
  needs?: SetupPart[];
  /** Scopes the harness itself needs for set-up or read-back (skip naming them when missing). */
  harness?: { scopes: string[]; bucket?: 'allowed' | 'other' }[];
  /** Judges the run's exchanges: runs after every other check and all traffic. */
  judgesTraffic?: boolean;
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

/** Names a route as the summary groups it. */
export function routeLabel(route: Route): string {
  return `${route.method} ${route.pathTemplate}`;
}
