// What a check (or the traffic it sends) sees as it runs: its context (the client,
// the settings, the keys chosen for its roles, the test files) and the run as
// its process sees it (the run board, the shared test files, each route's
// served proof, what the rules over every exchange read). The engine's
// RunSession is one such session; checks and traffic see only this interface,
// so nothing below the engine imports the engine.
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import type { RunSettings } from '../config/config-types.ts';
import type { MarkerSink } from '../oracles/markers.ts';
import type { JudgeContext } from '../oracles/oracle-rules.ts';
import type { LoggedExchange } from '../oracles/logged-exchange.ts';
import type { Api } from '../run/api.ts';
import type { RunBoard } from '../run/run-board.ts';
import type { SharedExchange } from '../run/shared-exchange.ts';
import type { DisposableFiles, SetupPart, SharedFixtures } from './fixture-types.ts';

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
  /** Operations the run found the deployment does not serve, so far (a KEY check proves scopes on other routes). */
  unserved?: ReadonlySet<string>;
  /** What belongs to the other bucket: a check that puts something there adds its id and marker strings. */
  markers?: MarkerSink;
  /** The run as this process sees it: its board, served proofs, set-up parts (for checks that send other checks' traffic). */
  session: CheckSession;
}

/** A route's served proof: its valid call on a real target of the allowed bucket, answered (made once per run). */
export interface ServedProof {
  status: number;
  /** Why the route is not served, when its answer says so. */
  unserved?: string;
  /** Why the route is there but broken, when its valid call got a 5xx: the route's other checks are blocked behind it. */
  broken?: string;
  /**
   * The call named a file that does not exist (the run had no test file it may act on): its 404 is the route's "no
   * such file" unless `unserved` says otherwise.
   */
  absentTarget?: true;
  shown: SharedExchange;
  /** The check (or set-up) that sent it. */
  sentBy: string;
}

export interface CheckSession {
  readonly settings: RunSettings;
  readonly api: Api;
  readonly board: RunBoard;
  /** What belongs to the other bucket, added through the run board. */
  readonly markers: MarkerSink;
  /** The shared test files, made in parts on first need. */
  readonly parts: { fixtures(parts: readonly SetupPart[]): Promise<SharedFixtures> };
  /** Made once per run through the run board, whichever process asks first, and kept in this process. */
  shared<T>(name: string, make: () => Promise<T>): Promise<T>;
  /** The route's served proof, made once per run. */
  servedProof(operationId: string): Promise<ServedProof>;
  /** What the rules over every exchange read besides the exchange. */
  judgeContext(answered5xx?: readonly string[]): Promise<JudgeContext>;
  /** Every exchange every process of the run has sent so far, from the run's exchange files (redacted, bodies cut short). */
  exchangesOfRun(): LoggedExchange[];
  /** The context a check (or a task) runs with. */
  context(keys: Record<string, string[]>, fixtures: SharedFixtures, unserved: ReadonlySet<string>): CheckRun;
}
