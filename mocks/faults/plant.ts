// What a planted fault is: a function that takes the mock's components and
// returns them with one part replaced or wrapped, plus small helpers the
// plants share. Nothing here is reached unless a fault is switched on.
import type { ComponentDeps, MockComponents } from '../core/components.ts';
import type { HandlerContext, HandlerTable, OperationHandler, OperationId } from '../core/handler-context.ts';
import type { MockResponse } from '../core/types.ts';

/** Replaces or wraps one part of the components; `deps` gives the mock's facilities (store, keys, validator). */
export type Plant = (components: MockComponents, deps: ComponentDeps) => MockComponents;

/** A planted fault: its name, what it breaks, and how. */
export interface FaultDefinition {
  name: string;
  /** What the mock does wrong while the fault is on. */
  description: string;
  plant: Plant;
}

export { patchSteps } from '../core/components.ts';

/** The components with one operation's handler wrapped. */
export function wrapHandler<K extends OperationId>(
  c: MockComponents,
  operationId: K,
  wrap: (inner: OperationHandler<K>) => (ctx: HandlerContext<K>) => MockResponse | Promise<MockResponse>,
): MockComponents {
  const handlers: HandlerTable = { ...c.handlers, [operationId]: wrap(c.handlers[operationId]) };
  return { ...c, handlers };
}

/**
 * The components with every operation's handler wrapped: for faults of a class of routes, where the wrapper
 * looks at the request's route (its method, bucket, parameters) and passes the others through unchanged.
 */
export function wrapEveryHandler(
  c: MockComponents,
  wrap: (inner: OperationHandler<OperationId>) => OperationHandler<OperationId>,
): MockComponents {
  const wrapped = Object.entries(c.handlers).map(([id, handler]) => [id, wrap(handler as OperationHandler<OperationId>)]);
  return { ...c, handlers: Object.fromEntries(wrapped) as HandlerTable };
}

/** The parsed JSON body of a response, or undefined. */
export function jsonOf(response: MockResponse): unknown {
  if (typeof response.body !== 'string' || !(response.headers['Content-Type'] ?? '').includes('json')) return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** The response with a new JSON body (same status and headers). */
export const withJson = (response: MockResponse, body: unknown): MockResponse => ({ ...response, body: JSON.stringify(body) });
