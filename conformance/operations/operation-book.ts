// What the suite knows about one operation of the contract, held in one typed
// module per operationId (operations/<operationId>.ts): the call it sends when
// a call must succeed, how a write's effect is read back, where the request
// names files and buckets, the test files and harness scopes its call needs,
// whether a second copy of it does harm, how a KEY check proves a scope on it,
// and the calls the bucketIds checks send naming another bucket's file or
// carrying properties the body does not offer. Bodies are typed from the spec.
import type { Exchange } from '../http/api-client.ts';
import type { BucketRole, OperationCall, OperationId } from '../client/request-builder.ts';
import type { CheckRun } from '../plan/check-run.ts';
import type { FixtureFile } from '../plan/fixture-types.ts';

/** A mutating call with a unique marker, and a read-back saying whether its change shows. */
export interface EffectProbe<K extends OperationId = OperationId> {
  call: OperationCall<K>;
  /** True when the probe's change shows in a read-back. */
  effectVisible(): Promise<boolean>;
}

/**
 * What a second copy of the request, as the suite sends it, does: the transport sends a write again after a 502,
 * 503 or 504 or a lost connection only when its repeat does no harm.
 */
export type Repeat =
  /** A GET: safe by HTTP itself. */
  | 'read'
  /** Sets given values or acts on named ids: a second copy leaves the state as the first left it. */
  | 'same-state'
  /** Makes a record of the run's own, marked unique and inert: a second copy leaves at most one more of them. */
  | 'one-more-inert'
  /** Would act twice on something outside the run's test data (a message sent, data handed on): never resent. */
  | 'unsafe';

/** Where a request names files and buckets, beyond the path's `{workspaceId}` and `{bucketId}`. */
export interface RequestNames {
  /** `{fileId}` for the path parameter, else a body field (`fileIds`, `restore`). */
  files: string[];
  /** Body fields, dotted (`destination.bucketId`). */
  buckets: string[];
}

/** What a served scope proof leaves behind, cheapest first. */
export const PROOF_COSTS = ['none', 'own-files', 'kept'] as const;
export type ProofCost = (typeof PROOF_COSTS)[number];

/** A test file a proof acts on: one that is listed, or one in the trash. */
export type ProofTargetKind = 'listed' | 'trashed';

/** Test files the proofs of one KEY check act on, reused across its proofs until a served call spends one. */
export interface ProofTargetFiles {
  get(bucket: BucketRole, kind: ProofTargetKind): Promise<FixtureFile>;
  spend(bucket: BucketRole, kind: ProofTargetKind): void;
}

/** How a KEY check shows a key holds (or lacks) the operation's scope: a valid call a holder is served. */
export interface ScopeProof<K extends OperationId = OperationId> {
  cost: ProofCost;
  /** The target a served call spends. */
  spends?: ProofTargetKind;
  /** Statuses that show the key was let through to a busy operation (see OperationBook.busy). */
  busy?: number[];
  /** Builds the call; throws when the harness cannot prepare it (the proof is then not possible). */
  call(ctx: CheckRun, bucket: BucketRole, targets: ProofTargetFiles): Promise<OperationCall<K>>;
  /** After a 2xx: what the harness does so nothing stays behind (finish the upload, so cleanup removes it). */
  settle?(ctx: CheckRun, bucket: BucketRole, ex: Exchange, call: OperationCall<K>): Promise<void>;
}

/** A test file of the other bucket; its path and description carry a word and a marker that no request sends. */
export interface ForeignFile {
  file: FixtureFile;
  word: string;
  marker: string;
}

/** A call naming a file of the other bucket through the allowed bucket's path, and how its change is read back. */
export interface ForeignCase<K extends OperationId = OperationId> {
  /** Id suffix and title words. */
  slug: string;
  what: string;
  trashed?: boolean;
  /** An id in the path can only be refused: a 2xx means the server found the other bucket's file. */
  mustRefuse?: boolean;
  /**
   * The call changes at most the file's tags and description, and `changed` reads them against the file's own: a file
   * already listed in the other bucket will do when the deployment takes no upload (the cleanup puts them back).
   */
  borrowable?: true;
  /** Operations the harness reads in the other bucket to see the file's state. */
  readBack: OperationId[];
  call(ctx: CheckRun, foreign: ForeignFile): Promise<OperationCall<K>>;
  /** Whether the change could be seen at all (asked before the call); a read-back that cannot see it judges nothing. */
  observable?(ctx: CheckRun, foreign: ForeignFile): Promise<boolean>;
  /** What the call did to the file, read back in its own bucket; undefined when nothing (absent: nothing to read back). */
  changed?(ctx: CheckRun, foreign: ForeignFile, ex: Exchange): Promise<string | undefined>;
}

/** One mass-assignment attempt: the call, then read-backs of what it must not have changed. */
export interface MassAttempt {
  call: OperationCall;
  /** A change beyond the write's own effect, or undefined; polled within the consistency window. */
  drift(): Promise<string | undefined>;
  /** After the window: what the allowed bucket no longer holds, or undefined. */
  lost?(): string | undefined;
  /** Runs once the answer is in (an upload's bytes follow a served presign). */
  answered?(ex: Exchange): Promise<void>;
}

/** The valid call sent with properties the body does not offer, and the operation its read-back reads. */
export interface MassCase {
  attempt(ctx: CheckRun, extra: Record<string, unknown>): Promise<MassAttempt>;
  reads: OperationId;
}

export interface OperationBook<K extends OperationId = OperationId> {
  operationId: K;
  /** Which test files the call acts on: none, the shared ones, or a fresh one per call. */
  files: 'none' | 'shared' | 'disposable';
  /** Scopes the harness needs to prepare the call or read its effect back. */
  harnessScopes: string[];
  /** The call changes bucket-wide state: checks using it run one at a time across workers. */
  exclusive?: boolean;
  /** Statuses that show the call reached the operation, which was busy (a backfill already running): the seed does not say a second start succeeds. */
  busy?: number[];
  /** What a second copy of the request does. */
  repeat: Repeat;
  /** Where the request names files and buckets. */
  names: RequestNames;
  /** A call that succeeds for a key holding the scope (a real target, a valid body). */
  valid(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<K>>;
  /** The call proving the route answers at its path, when `valid` cannot (it defaults to `valid`). */
  served?(ctx: CheckRun, bucket: BucketRole): Promise<OperationCall<K>>;
  /** A mutating call with a unique marker, and its read-back. */
  probe?(ctx: CheckRun, bucket: BucketRole): Promise<EffectProbe<K>>;
  /** How a KEY check proves a scope here; undefined when the operation can never prove one (the book says why). */
  proof: ScopeProof<K> | undefined;
  /** Calls naming a file of the other bucket (none when the request names no file). */
  foreign: ForeignCase<K>[];
  /** The mass-assignment attempt, for a write where one makes sense. */
  mass: MassCase | undefined;
}
