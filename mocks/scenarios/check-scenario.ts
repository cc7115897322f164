// Checks a scenario where it enters (`mock.scenario(...)`, `POST
// /__mock/scenarios`): every problem named by its field, so a bad control-API
// body is a 400 that says what to fix and never reaches the mock.
import { nearestName } from '../core/nearest-name.ts';
import { isStatus } from '../core/simulated-answer.ts';
import type { OperationId } from '../../openapi/contract/operation-types.ts';

/** The fields a scenario takes (the control API's body adds `operationId`). */
export const SCENARIO_FIELDS = ['status', 'body', 'headers', 'delayMs', 'networkError', 'hang', 'times', 'key', 'bucketId'] as const;

export const MAX_SCENARIO_DELAY_MS = 60_000;
const MAX_TIMES = 1_000_000;
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,256}$/;
// The front ends frame the body themselves; a scenario must not say otherwise.
const FRAMING_HEADERS = ['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade'];
const ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/** One problem of a scenario: the field (`status`, `headers.X-Y`) and what is wrong. */
export interface ScenarioIssue {
  field: string;
  message: string;
}

/** A checked scenario, ready for the board. */
export interface CheckedScenario {
  operationId: OperationId;
  status?: number;
  /** Given (even as null) when `hasBody`. */
  body?: unknown;
  hasBody: boolean;
  headers?: Record<string, string>;
  delayMs?: number;
  networkError?: true;
  hang?: true;
  times: number | null;
  key?: string;
  bucketId?: string;
}

function checkHeaders(value: unknown, issues: ScenarioIssue[]): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    issues.push({ field: 'headers', message: 'must be an object of header names and string values' });
    return undefined;
  }
  for (const [name, headerValue] of Object.entries(value)) {
    if (!HEADER_NAME.test(name)) issues.push({ field: `headers.${name}`, message: 'is not a valid header name' });
    else if (FRAMING_HEADERS.includes(name.toLowerCase()))
      issues.push({ field: `headers.${name}`, message: 'is set by the mock itself (framing); leave it out' });
    if (typeof headerValue !== 'string' || /[\r\n\0]/.test(headerValue))
      issues.push({ field: `headers.${name}`, message: 'must be a string without CR, LF or NUL' });
  }
  return value as Record<string, string>;
}

/** Checks a scenario's options for an operation of the spec; returns it, or the issues naming each bad field. */
export function checkScenario(
  operationId: unknown,
  options: Record<string, unknown>,
  operationIds: readonly string[],
): { scenario: CheckedScenario } | { issues: ScenarioIssue[] } {
  const issues: ScenarioIssue[] = [];
  if (typeof operationId !== 'string' || !operationIds.includes(operationId))
    issues.push({
      field: 'operationId',
      message: `must be an operationId of the spec; did you mean ${nearestName(String(operationId), operationIds)}?`,
    });
  for (const name of Object.keys(options))
    if (!(SCENARIO_FIELDS as readonly string[]).includes(name))
      issues.push({ field: name, message: `is not a scenario field; did you mean ${nearestName(name, SCENARIO_FIELDS)}?` });
  const { status, body, delayMs, networkError, hang, times, key, bucketId } = options;
  const hasBody = 'body' in options && body !== undefined;
  if (status !== undefined && !isStatus(status)) issues.push({ field: 'status', message: 'must be an integer from 100 to 599' });
  if (hasBody) {
    let json: string | undefined;
    try {
      json = JSON.stringify(body);
    } catch {
      json = undefined;
    }
    if (json === undefined) issues.push({ field: 'body', message: 'must be a JSON value (or a string)' });
  }
  const headers = checkHeaders(options.headers, issues);
  if (delayMs !== undefined && !(Number.isInteger(delayMs) && (delayMs as number) >= 0 && (delayMs as number) <= MAX_SCENARIO_DELAY_MS))
    issues.push({ field: 'delayMs', message: `must be an integer from 0 to ${MAX_SCENARIO_DELAY_MS}` });
  if (networkError !== undefined && networkError !== true) issues.push({ field: 'networkError', message: 'must be true (or left out)' });
  if (hang !== undefined && hang !== true) issues.push({ field: 'hang', message: 'must be true (or left out)' });
  if (times !== undefined && !(Number.isInteger(times) && (times as number) >= 1 && (times as number) <= MAX_TIMES))
    issues.push({ field: 'times', message: `must be an integer from 1 to ${MAX_TIMES} (leave it out for every request until cleared)` });
  if (key !== undefined && (typeof key !== 'string' || key === '')) issues.push({ field: 'key', message: 'must be the name of a key' });
  if (bucketId !== undefined && (typeof bucketId !== 'string' || !ID.test(bucketId)))
    issues.push({ field: 'bucketId', message: 'must be a bucket id' });
  const answers = [status !== undefined && 'status', hasBody && 'body', headers !== undefined && 'headers'].filter(
    (f): f is string => typeof f === 'string',
  );
  if (hang === true)
    for (const field of [...answers, ...(delayMs !== undefined ? ['delayMs'] : []), ...(networkError === true ? ['networkError'] : [])])
      issues.push({ field, message: 'cannot be combined with hang (a hung request gets no answer until the scenario is cleared)' });
  else if (networkError === true)
    for (const field of answers) issues.push({ field, message: 'cannot be combined with networkError (there is no answer to shape)' });
  if (issues.length > 0) return { issues };
  return {
    scenario: {
      operationId: operationId as OperationId,
      ...(status !== undefined ? { status: status as number } : {}),
      ...(hasBody ? { body } : {}),
      hasBody,
      ...(headers ? { headers: { ...headers } } : {}),
      ...(delayMs !== undefined ? { delayMs: delayMs as number } : {}),
      ...(networkError ? { networkError: true as const } : {}),
      ...(hang ? { hang: true as const } : {}),
      times: (times as number | undefined) ?? null,
      ...(key !== undefined ? { key: key as string } : {}),
      ...(bucketId !== undefined ? { bucketId: bucketId as string } : {}),
    },
  };
}
