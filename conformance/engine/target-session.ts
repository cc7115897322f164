// One target's run in the engine: the client every check shares, the test
// files and set-up parts, named locks, the circuit breaker, the log of every
// exchange, and the "served" proof of each route that its other checks wait
// for. Checks run concurrently; results come back in plan order.
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { Exchange } from '../http/api-client.ts';
import type { Api } from '../http/api.ts';
import { appendLedger, readLedger } from '../ledger/ledger.ts';
import { routeLabel, type CheckDef, type CheckRun, type PlannedCheck } from '../plan/check-types.ts';
import type { DisposableFiles, SharedFixtures } from '../plan/fixture-types.ts';
import type { Attribution } from './attribution.ts';
import { CircuitBreaker } from './breaker.ts';
import { NamedLocks } from './limits.ts';
import type { CheckOutcome } from '../report/outcome.ts';
import { runFiles } from './run-files.ts';
import { ExchangeLog, sessionApi } from './session-api.ts';
import { SetupParts } from './setup-parts.ts';
import { OtherBucketMarkers } from '../oracles/markers.ts';
import { viewOf, type ExchangeView } from '../oracles/exchange-view.ts';
import { createTestFiles, requireHarnessKey } from './test-files.ts';

/** Statuses of a valid call on a real target that say the route is not there at all. */
const NOT_SERVED = [404, 405, 501];
const SERVED_ID = /^PATH-([A-Za-z0-9]+)-served$/;

/** What a route's served proof showed: nothing against the route, that it is not served, or nothing at all (it could not run). */
export interface RouteVerdict {
  unserved?: string;
  unproven?: string;
}

/** Settles once a route's served proof has run. */
interface Gate {
  promise: Promise<RouteVerdict>;
  settle(verdict: RouteVerdict): void;
}

function gate(): Gate {
  let settle!: (verdict: RouteVerdict) => void;
  const promise = new Promise<RouteVerdict>((done) => (settle = done));
  return { promise, settle };
}

export class TargetSession {
  readonly log = new ExchangeLog();
  readonly api: Api;
  readonly files: DisposableFiles;
  readonly parts: SetupParts;
  readonly locks = new NamedLocks();
  private readonly gates = new Map<string, Gate>();
  private readonly unserved = new Map<string, string>();
  private readonly runnable = new Set<string>();
  private readonly operationOfRoute = new Map(loadRouteTable().map((r) => [routeLabel(r), r.operationId]));
  private counter = 0;
  /** What belongs to the other bucket, for the bucketIds rule over every exchange. */
  readonly markers = new OtherBucketMarkers();
  /** The run's test files by id → the bucket id holding them, for the file-hierarchy rule. */
  readonly fileBuckets = new Map<string, string>();

  constructor(
    client: Api,
    readonly settings: RunSettings,
    /** The run's circuit breaker (the client may share it, so it sends nothing queued once the run has stopped). */
    readonly breaker = new CircuitBreaker(),
  ) {
    this.api = sessionApi(
      client,
      this.breaker,
      this.log,
      settings.keys.map((k) => k.name),
    );
    this.files = createTestFiles(this.api, settings, this.unique, (bucket, id, path) => {
      this.fileBuckets.set(id, settings.buckets[bucket]);
      if (bucket === 'other') {
        this.markers.add(id, `the id of the run's test file ${path}`);
        this.markers.add(path, "the path of one of the run's test files");
      }
    });
    this.parts = new SetupParts(this.api, settings, this.files, this.unique, this.markers);
  }

  /** A short lowercase token unique within the run, for names and markers. */
  readonly unique = (): string => `${this.settings.runId.slice(-6).toLowerCase()}n${++this.counter}`;

  /** Declares the plan: which checks will run, and a gate for each route whose served proof will run. */
  expect(plan: PlannedCheck[]): void {
    for (const p of plan) {
      if (p.status !== 'run') continue;
      this.runnable.add(p.def.id);
      const served = SERVED_ID.exec(p.def.id);
      if (served && !this.gates.has(served[1])) this.gates.set(served[1], gate());
    }
  }

  /** The first of these check ids that this run will run, if any (to point a "not run" at it). */
  plannedToRun(ids: string[]): string | undefined {
    return ids.find((id) => this.runnable.has(id));
  }

  /**
   * Waits for what a check's verdict rests on: its route's served proof (a KEY check waits for every route's,
   * as it proves scopes on any route). A refusal cannot be told from a route that is not there, so a route whose
   * proof could not run is unproven for its other checks.
   */
  async servedGate(def: CheckDef): Promise<RouteVerdict> {
    if (SERVED_ID.test(def.id)) return {};
    if (def.id.startsWith('KEY-')) {
      await Promise.all([...this.gates.values()].map((g) => g.promise));
      return {};
    }
    const operationId = def.route ? this.operationOfRoute.get(def.route) : undefined;
    return (operationId && this.gates.get(operationId)?.promise) || {};
  }

  /** Records what a route's served proof showed; every check waiting on the route goes on. */
  settleServedProof(id: string, outcome: CheckOutcome, shown: Exchange | undefined): void {
    const operationId = SERVED_ID.exec(id)?.[1];
    if (!operationId) return;
    const verdict: RouteVerdict = {};
    if (outcome.status === 'fail' && shown && NOT_SERVED.includes(shown.status)) {
      const route = [...this.operationOfRoute].find(([, op]) => op === operationId)?.[0] ?? operationId;
      verdict.unserved = `${route} answered ${shown.status} to a valid request on a real target (see ${id})`;
      this.unserved.set(operationId, verdict.unserved);
    }
    if (outcome.status === 'error' || outcome.status === 'skip')
      verdict.unproven = `${id} could not show the route is served (${(outcome.reason ?? '').replace(/^not run: /, '')}), and a refusal cannot be told from a route that is not there`;
    this.gates.get(operationId)?.settle(verdict);
  }

  /** Why an operation is not served, or undefined when it is (or nothing showed otherwise). */
  unservedReason(operationId: string): string | undefined {
    const reason = this.unserved.get(operationId);
    return reason ? `is not served: ${reason}` : undefined;
  }

  /** The operations the run found not served. */
  unservedOperations(): ReadonlySet<string> {
    return new Set(this.unserved.keys());
  }

  /** The context a check runs with. */
  context(keys: Record<string, string[]>, fixtures: SharedFixtures, settings: RunSettings = this.settings): CheckRun {
    return {
      api: this.api,
      settings,
      keys,
      fixtures,
      files: this.files,
      // Compiled on first use: a run whose checks validate no body never pays for it.
      get validator() {
        return loadSchemaValidator();
      },
      unique: this.unique,
      harnessKey: (scopes, bucket) => requireHarnessKey(settings, scopes, bucket),
      unserved: this.unservedOperations(),
      markers: this.markers,
      judge: {
        views: () => this.views(),
        context: {
          settings,
          keys: new Map(settings.keys.map((k) => [k.name, k])),
          markers: this.markers,
          fileBuckets: this.fileBuckets,
          unserved: this.unservedOperations(),
        },
      },
    };
  }

  private viewCache?: { length: number; views: ExchangeView[] };

  /** The run's exchanges as the rules read them (API requests only), computed once per state of the log. */
  views(): ExchangeView[] {
    if (this.viewCache?.length !== this.log.entries.length) {
      const views = this.log.entries.flatMap((entry) => viewOf(entry, this.settings.baseUrl) ?? []);
      this.viewCache = { length: this.log.entries.length, views };
    }
    return this.viewCache.views;
  }

  /** Marks what a failing check used as kept, so its curl line still finds it after the run (unless --no-keep). */
  keepForRepro(checkId: string, attribution: Attribution, exchange: Exchange | undefined): void {
    if (!this.settings.keepForRepro || this.settings.readOnly) return;
    const ledger = runFiles(this.settings.runDir).ledger;
    const ids = new Set(attribution.files);
    if (exchange) {
      const text = `${exchange.request.url}\n${exchange.request.body ?? ''}`;
      for (const entry of readLedger(ledger)) if (entry.kind === 'file' && text.includes(entry.id)) ids.add(entry.id);
    }
    for (const id of ids) appendLedger(ledger, { kind: 'kept', id, check: checkId });
  }
}
