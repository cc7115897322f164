// One process's part of a run: the client its checks send through (each
// exchange recorded for the check that sent it and for the run's log), the
// run's test files and shared set-up parts, and each route's served proof —
// all made once for the whole run through the run board, whichever process
// (a Playwright worker, the in-process runner) needs them first.
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import type { Route } from '../../openapi/contract/route-table.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { Api } from '../run/api.ts';
import { OtherBucketMarkers, type MarkerSink } from '../oracles/markers.ts';
import type { JudgeContext } from '../oracles/oracle-rules.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { DisposableFiles, SharedFixtures } from '../plan/fixture-types.ts';
import type { RunBoard } from '../run/run-board.ts';
import { sessionApi, type ExchangeSink, type Stepper } from './session-api.ts';
import { SetupParts } from './setup-parts.ts';
import { recordSetupFindings } from '../client/judged-setup.ts';
import type { CheckSession, ServedProof } from '../plan/check-run.ts';
import { proveServed } from './served-proof.ts';
import { createTestFiles, requireHarnessKey } from './test-files.ts';
import { boardMarkers, once } from '../run/run-board.ts';
import { registerSharedErrors } from './shared-errors.ts';
import type { Exchange } from '../http/api-client.ts';
import type { Summary } from '../report/summary.ts';
import { appendLedger, readLedger } from '../ledger/ledger.ts';
import type { Attribution } from '../run/attribution.ts';
import { runFiles } from './run-files.ts';
import { readExchangeFiles } from './exchange-file.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import { checkIds } from '../plan/check-ids.ts';
import { withBorrowing } from './borrowed-files.ts';

/** What a check's verdict rests on: its route served, not served (why), or blocked behind its served check (why). */
export interface RouteVerdict {
  unserved?: string;
  blocked?: string;
}

/** What a route's served proof showed: served, or not served and why. */
export type RouteProof = NonNullable<Summary['routeProofs']>[string];

registerSharedErrors();

export class RunSession implements CheckSession {
  readonly api: Api;
  readonly files: DisposableFiles;
  readonly parts: SetupParts;
  /** What belongs to the other bucket, added through the run board. */
  readonly markers: MarkerSink;
  private counter = 0;
  private readonly routes = new Map(loadRouteTable().map((r) => [r.operationId, r]));

  constructor(
    client: Api,
    readonly settings: RunSettings,
    readonly board: RunBoard,
    /** Names this process's test files and markers apart from every other process of the run (e.g. the worker index). */
    private readonly processTag: string,
    sink: ExchangeSink,
    /** Wraps each request in a step of its test's report (a Playwright worker), or runs it as it is. */
    step?: Stepper,
  ) {
    this.api = sessionApi(
      client,
      board,
      sink,
      settings.keys.map((k) => k.name),
      step,
    );
    this.markers = boardMarkers(board);
    const own = createTestFiles(this.api, settings, this.unique, (bucket, id, path) => {
      void board.addFile(id, settings.buckets[bucket]);
      if (bucket === 'other') {
        this.markers.addId(id, `the id of the run's test file ${path}`, 'File');
        this.markers.addPath(path, "the path of one of the run's test files");
      } else this.markers.addAllowed(id, 'File');
    });
    this.files = withBorrowing(own, this.api, settings, board, (name, make) => this.shared(name, make));
    this.parts = new SetupParts(this.api, settings, this.files, this.unique, board, (a) => recordSetupFindings(this, a));
  }

  /** A short lowercase token unique within the run, for names and markers. */
  readonly unique = (): string => `${this.settings.runId.slice(-6).toLowerCase()}${this.processTag}n${++this.counter}`;

  /** The route of an operation. */
  route(operationId: string): Route {
    const route = this.routes.get(operationId);
    if (!route) throw new Error(`The spec has no operation ${operationId}`);
    return route;
  }

  private readonly taken = new Map<string, Promise<unknown>>();

  /**
   * A value made once for the whole run (`once` on the board), kept in this process once it has it: a value never
   * changes once made, and a test asks for its route's proof and its set-up as often as it runs.
   */
  shared<T>(name: string, make: () => Promise<T>): Promise<T> {
    let value = this.taken.get(name) as Promise<T> | undefined;
    if (!value) {
      value = once(this.board, name, make);
      this.taken.set(name, value);
      // A failure is taken again by the next test that asks: another process may have made it since.
      value.catch(() => this.taken.delete(name));
    }
    return value;
  }

  /** Every exchange of the run so far, as every process wrote it to the run's exchange files. */
  exchangesOfRun(): LoggedExchange[] {
    return readExchangeFiles(runFiles(this.settings.runDir).exchanges);
  }

  /** The route's served proof (a valid call on a real target with a key holding its scope), made once per run. */
  servedProof(operationId: string): Promise<ServedProof> {
    return this.shared(`served:${operationId}`, async () => {
      const proof = await proveServed(this, this.route(operationId), this.unique);
      // What the proof says of the route, small: every check's judge reads these, never the proofs' exchanges.
      const verdict: RouteProof = proof.unserved
        ? { served: false, why: proof.unserved }
        : { served: true, ...(proof.broken ? { broken: proof.broken } : {}) };
      await this.board.settle(`route:${operationId}`, { value: verdict });
      return proof;
    });
  }

  /**
   * What a check of the route can rest on: a refusal cannot be told from a route that is not there, and nothing
   * can be told of a route that answers its valid call with a server error, or not at all.
   */
  async routeVerdict(operationId: string): Promise<RouteVerdict> {
    const served = checkIds.served(operationId);
    let proof: ServedProof;
    try {
      proof = await this.servedProof(operationId);
    } catch (error) {
      return { blocked: `blocked by ${served}: its valid call could not be shown served (${this.api.redact((error as Error).message)})` };
    }
    if (proof.unserved) return { unserved: proof.unserved };
    return proof.broken ? { blocked: `blocked by ${served}: ${proof.broken}` } : {};
  }

  /** Why an operation is not served, when its proof was made and showed it; undefined otherwise. */
  async unservedReason(operationId: string): Promise<string | undefined> {
    const why = (await this.unservedOperations()).get(operationId);
    return why ? `is not served: ${why}` : undefined;
  }

  // What this process read of the board's markers and files so far: both only grow, so it asks for the rest.
  private readonly known = { markers: new OtherBucketMarkers(), markerCount: 0, files: new Map<string, string>(), fileCount: 0 };

  /**
   * What the rules over every exchange read besides the exchange: the other bucket's markers, the run's files, the
   * routes not served or broken. `answered` names the operations of exchanges about to be judged that got a server
   * error: their served proofs are made first, so whether such a route is broken never depends on which test ran first.
   */
  async judgeContext(answered5xx: readonly string[] = []): Promise<JudgeContext> {
    await Promise.all(
      [...new Set(answered5xx)].map((op) => (this.routes.has(op) ? this.servedProof(op).catch(() => undefined) : undefined)),
    );
    const { known } = this;
    const [marks, files, unserved] = await Promise.all([
      this.board.markers(known.markerCount),
      this.board.files(known.fileCount),
      this.unservedOperations(),
    ]);
    known.markerCount += marks.length;
    known.fileCount += files.length;
    for (const m of marks) known.markers.put(m);
    for (const [id, bucketId] of files) known.files.set(id, bucketId);
    const proofs = await this.routeProofs();
    return {
      settings: this.settings,
      keys: new Map(this.settings.keys.map((k) => [k.name, k])),
      markers: known.markers,
      fileBuckets: known.files,
      unserved: new Set(unserved.keys()),
      broken: new Set(Object.entries(proofs).flatMap(([op, proof]) => (proof.served && proof.broken ? [op] : []))),
    };
  }

  /** The operations whose proof, made so far, showed them not served, with why. */
  async unservedOperations(): Promise<Map<string, string>> {
    const proofs = await this.routeProofs();
    return new Map(Object.entries(proofs).flatMap(([op, proof]) => (proof.served ? [] : [[op, proof.why] as [string, string]])));
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

  /** What the served proof of each route proved so far showed: served, or not served and why. */
  async routeProofs(): Promise<Record<string, RouteProof>> {
    const proofs = await this.board.made('route:');
    return Object.fromEntries(
      Object.entries(proofs).flatMap(([name, settled]) =>
        'value' in settled ? [[name.slice('route:'.length), settled.value as RouteProof]] : [],
      ),
    );
  }

  /** The context a check runs with. */
  context(keys: Record<string, string[]>, fixtures: SharedFixtures, unserved: ReadonlySet<string>): CheckRun {
    const { settings } = this;
    return {
      api: this.api,
      settings,
      keys,
      fixtures,
      files: this.files,
      // Each validator compiled on first use: a process (a Playwright worker) pays only for the bodies its checks validate.
      get validator() {
        return loadSchemaValidator('lazy');
      },
      unique: this.unique,
      harnessKey: (scopes, bucket) => requireHarnessKey(settings, scopes, bucket),
      unserved,
      markers: this.markers,
      session: this,
    };
  }
}
