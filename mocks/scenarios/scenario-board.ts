// The scenarios a mock holds: added from code or the control API, matched by
// operationId (and key name or bucket), used up after `times`, and played in
// front of the mock: a status and body of their own, a delay, a dropped
// connection, or a hang that lasts until the scenario is cleared.
import type { Route } from '../../openapi/contract/route-table.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';
import type { MockRequest, MockResponse } from '../core/types.ts';
import type { ControlRoute } from '../core/control-api.ts';
import { badRequest, jsonResponse } from '../core/problems.ts';
import { isJsonType } from '../core/request-body.ts';
import { answerWithStatus, type ExampleIndex } from '../core/prefer-code.ts';
import { SCENARIO_FIELDS, checkScenario, type CheckedScenario } from './check-scenario.ts';
import type { ScenarioHandle, ScenarioSummary } from './scenario-types.ts';

interface Entry {
  id: string;
  spec: CheckedScenario;
  served: number;
  /** Requests it may still answer; null: until cleared. */
  remaining: number | null;
  /** Releases of the requests it holds (hang). */
  waiting: Set<() => void>;
}

/** A scenario picked for a request (one of its uses taken). */
export type HeldScenario = Entry;

/** Who the request is, as far as scenarios match on it. */
export interface ScenarioTarget {
  route: Route;
  bucketId: string | undefined;
  keyName: string | null;
}

/** Thrown by `scenario(...)` for options that break a rule; names each field. */
export class ScenarioError extends Error {
  constructor(
    operationId: unknown,
    readonly issues: { field: string; message: string }[],
  ) {
    super(`scenario(${JSON.stringify(operationId)}): ${issues.map((i) => `${i.field} ${i.message}`).join('; ')}`);
    this.name = 'ScenarioError';
  }
}

/** Headers with `extra` laid over `base`, names compared without case. */
function mergeHeaders(base: Record<string, string>, extra: Record<string, string> | undefined): Record<string, string> {
  if (!extra) return base;
  const names = new Set(Object.keys(extra).map((n) => n.toLowerCase()));
  return { ...Object.fromEntries(Object.entries(base).filter(([n]) => !names.has(n.toLowerCase()))), ...extra };
}

const headerOf = (headers: Record<string, string> | undefined, name: string): string | undefined =>
  Object.entries(headers ?? {}).find(([n]) => n.toLowerCase() === name)?.[1];

/** Resolves after `ms`, or at once when the client goes away. */
/** The signal of the request's client going away: the front end's own, or one it makes on demand. */
function signalOf(request: MockRequest): AbortSignal | undefined {
  return request.signal ?? request.abortSignal?.();
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

const DROPPED: MockResponse = { status: 0, headers: {}, networkError: true };

export class ScenarioBoard {
  private entries: Entry[] = [];
  private readonly held = new Set<Entry>();
  private count = 0;

  constructor(
    private readonly examples: ExampleIndex,
    private readonly operationIds: readonly string[],
  ) {}

  /** Adds a scenario (newest first when several match); throws a ScenarioError naming each bad field. */
  add(operationId: unknown, options: Record<string, unknown> = {}): ScenarioHandle {
    const checked = checkScenario(operationId, options ?? {}, this.operationIds);
    if ('issues' in checked) throw new ScenarioError(operationId, checked.issues);
    const entry: Entry = {
      id: `scn_${++this.count}`,
      spec: checked.scenario,
      served: 0,
      remaining: checked.scenario.times,
      waiting: new Set(),
    };
    this.entries.unshift(entry);
    return { id: entry.id, served: () => entry.served, clear: () => this.remove(entry) };
  }

  /** The newest scenario that answers this request, with one of its uses taken; undefined when none does. */
  take(target: ScenarioTarget): HeldScenario | undefined {
    const entry = this.entries.find(
      (e) =>
        e.spec.operationId === target.route.operationId &&
        (e.spec.key === undefined || e.spec.key === target.keyName) &&
        (e.spec.bucketId === undefined || e.spec.bucketId === target.bucketId),
    );
    if (!entry) return undefined;
    entry.served += 1;
    if (entry.remaining !== null && --entry.remaining === 0) this.entries = this.entries.filter((e) => e !== entry);
    return entry;
  }

  /**
   * Plays a taken scenario. `proceed` is the mock's own answer (after a delay,
   * a cleared hang, or to add headers to); `shapeError` puts an answer the
   * mock makes up (a status without a body) in the errors' format.
   */
  async play(
    entry: HeldScenario,
    request: MockRequest,
    route: Route,
    proceed: () => Promise<MockResponse>,
    shapeError: (response: MockResponse) => MockResponse = (response) => response,
  ): Promise<MockResponse> {
    const s = entry.spec;
    if (s.hang) {
      await this.hold(entry, signalOf(request));
      return signalOf(request)?.aborted ? DROPPED : proceed();
    }
    if (s.delayMs) await wait(s.delayMs, signalOf(request));
    if (s.networkError) return DROPPED;
    if (s.status === undefined && !s.hasBody) {
      const own = await proceed();
      return { ...own, headers: mergeHeaders(own.headers, s.headers) };
    }
    const status = s.status ?? route.successStatus;
    const base = s.hasBody
      ? this.bodyAnswer(status, s)
      : shapeError(
          answerWithStatus(
            this.examples,
            route,
            status,
            `A scenario asked for this answer; ${route.operationId} does not document a ${status}, so its body is generic.`,
          ),
        );
    return { ...base, headers: mergeHeaders(base.headers, s.headers) };
  }

  private bodyAnswer(status: number, s: CheckedScenario): MockResponse {
    const contentType = headerOf(s.headers, 'content-type') ?? 'application/json';
    const raw = typeof s.body === 'string' && !isJsonType(contentType);
    return { status, headers: { 'Content-Type': contentType }, body: raw ? (s.body as string) : JSON.stringify(s.body) };
  }

  /** Waits until the scenario is cleared or the client goes away. */
  private hold(entry: Entry, signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        entry.waiting.delete(release);
        if (entry.waiting.size === 0) this.held.delete(entry);
        signal?.removeEventListener('abort', release);
        resolve();
      };
      entry.waiting.add(release);
      this.held.add(entry);
      if (signal?.aborted) release();
      else signal?.addEventListener('abort', release, { once: true });
    });
  }

  private remove(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
    for (const release of [...entry.waiting]) release();
  }

  /** Removes every scenario and lets every held request go on to the mock's own answer; returns how many there were. */
  clear(): number {
    const count = this.entries.length;
    for (const entry of [...this.entries, ...this.held]) this.remove(entry);
    return count;
  }

  /** The scenarios in force (newest first), and used-up ones still holding requests. */
  list(): ScenarioSummary[] {
    const shown = [...this.entries, ...[...this.held].filter((e) => !this.entries.includes(e))];
    return shown.map(({ id, spec, served, waiting }) => {
      const { hasBody: _hasBody, times, ...rest } = spec;
      return { id, ...rest, times, served, waiting: waiting.size };
    });
  }

  /** `GET`, `POST` and `DELETE /__mock/scenarios`. */
  controlRoutes(): ControlRoute[] {
    return [
      { method: 'GET', path: '/__mock/scenarios', fields: [], answer: () => jsonResponse(200, { scenarios: this.list() }) },
      {
        method: 'POST',
        path: '/__mock/scenarios',
        fields: ['operationId', ...SCENARIO_FIELDS],
        answer: (fields) => {
          const { operationId, ...options } = fields;
          try {
            const { id } = this.add(operationId as OperationId, options);
            return jsonResponse(
              201,
              this.list().find((s) => s.id === id),
            );
          } catch (error) {
            if (!(error instanceof ScenarioError)) throw error;
            return badRequest(
              `The scenario is not valid: ${error.issues.map((i) => `${i.field} ${i.message}`).join('; ')}.`,
              error.issues.map((i) => ({ location: 'body' as const, field: `/${i.field.replaceAll('.', '/')}`, message: i.message })),
            );
          }
        },
      },
      {
        method: 'DELETE',
        path: '/__mock/scenarios',
        fields: [],
        answer: () => jsonResponse(200, { cleared: this.clear() }),
      },
    ];
  }
}
