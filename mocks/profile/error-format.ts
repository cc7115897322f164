// The format the mock's error answers take: the contract's problem+json, or
// the shape a deployment was seen to answer (a profile's observed error
// body), filled field by field from the mock's problem: a field named like a
// code gets its code, one named like a message its detail (which names the
// offending fields and the scope), one named like a status its status.
import type { MockResponse } from '../core/types.ts';
import { PROBLEM_TYPE } from '../core/problems.ts';
import { isJsonType } from '../core/request-body.ts';

/** How errors are written, and how their code is read back (for the request log). */
export interface ErrorFormat {
  /** The mock's problem answer in this format; any other answer unchanged. */
  write(response: MockResponse): MockResponse;
  /** The error code an answer carries in this format, or null. */
  codeOf(response: MockResponse): string | null;
}

interface Problem {
  title?: string;
  status?: number;
  code?: string;
  detail?: string;
  requiredScope?: string;
  errors?: { location?: string; field?: string; message?: string }[];
}

const contentTypeOf = (response: MockResponse): string =>
  (Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '').split(';')[0].trim().toLowerCase();

function jsonBody(response: MockResponse): unknown {
  if (typeof response.body !== 'string' || !isJsonType(contentTypeOf(response))) return undefined;
  try {
    return JSON.parse(response.body);
  } catch {
    return undefined;
  }
}

/** The contract's own format (G11): problem+json as the mock makes it. */
export const problemFormat: ErrorFormat = {
  write: (response) => response,
  codeOf(response) {
    if (response.status < 400) return null;
    const code = (jsonBody(response) as Problem | undefined)?.code;
    return typeof code === 'string' ? code : null;
  },
};

type Role = 'code' | 'detail' | 'status' | 'title';

// Field names by what they carry, compared in lower case without `_` or `-`.
const ROLES: Record<string, Role> = {
  code: 'code',
  errorcode: 'code',
  type: 'code',
  error: 'code',
  errortype: 'code',
  kind: 'code',
  reason: 'code',
  message: 'detail',
  detail: 'detail',
  details: 'detail',
  description: 'detail',
  errordescription: 'detail',
  errormessage: 'detail',
  msg: 'detail',
  status: 'status',
  statuscode: 'status',
  httpstatus: 'status',
  httpstatuscode: 'status',
  title: 'title',
};

const roleOf = (name: string): Role | undefined => ROLES[name.toLowerCase().replace(/[_-]/g, '')];

/** The detail with what `errors[]` and `requiredScope` say, so a body without those fields still names them. */
function fullDetail(problem: Problem): string {
  const parts = [problem.detail ?? ''];
  const fields = (problem.errors ?? []).map((e) => `${e.field || e.location || 'body'} ${e.message ?? 'is invalid'}`.trim());
  if (fields.length > 0) parts.push(`(${fields.join('; ')})`);
  if (problem.requiredScope && !parts[0].includes(problem.requiredScope)) parts.push(`(needs the ${problem.requiredScope} scope)`);
  return parts.filter(Boolean).join(' ');
}

/** The example with each field whose name says what it carries set from the problem; nested objects and arrays followed. */
function fill(example: unknown, problem: Problem, detail: string, roles: { detail: boolean }): unknown {
  if (Array.isArray(example)) return example.map((item) => fill(item, problem, detail, roles));
  if (!example || typeof example !== 'object') return example;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(example)) {
    const role = roleOf(name);
    if (!role || (value !== null && typeof value === 'object')) {
      out[name] = fill(value, problem, detail, roles);
      continue;
    }
    if (role === 'detail') roles.detail = true;
    if (role === 'code') out[name] = problem.code ?? null;
    else if (role === 'detail') out[name] = detail;
    else if (role === 'title') out[name] = problem.title ?? null;
    // A numeric status stays a number; a status word (`PERMISSION_DENIED`) becomes the code.
    else
      out[name] =
        typeof value === 'number' || /^\d{3}$/.test(String(value))
          ? typeof value === 'number'
            ? problem.status
            : String(problem.status)
          : problem.code;
  }
  return out;
}

/** The path to the first field of the example that carries the code (to read a code back). */
function codePath(example: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (Array.isArray(example)) return example.length > 0 ? codePath(example[0], [...path, 0]) : undefined;
  if (!example || typeof example !== 'object') return undefined;
  for (const [name, value] of Object.entries(example)) {
    if (roleOf(name) === 'code' && (value === null || typeof value !== 'object')) return [...path, name];
  }
  for (const [name, value] of Object.entries(example)) {
    const found = codePath(value, [...path, name]);
    if (found) return found;
  }
  return undefined;
}

/** Errors written in the shape a deployment answers: `contentType`, and `example` filled from each problem. */
export function observedFormat(errorBody: { contentType: string; example: unknown }): ErrorFormat {
  const { contentType, example } = errorBody;
  const path = codePath(example);
  const json = isJsonType(contentType);
  return {
    write(response) {
      if (response.status < 400 || contentTypeOf(response) !== PROBLEM_TYPE) return response;
      const problem = (jsonBody(response) ?? {}) as Problem;
      const detail = fullDetail(problem);
      const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name.toLowerCase() !== 'content-type'));
      headers['Content-Type'] = contentType;
      if (typeof example === 'string') return { ...response, headers, body: json ? JSON.stringify(detail) : detail };
      const roles = { detail: false };
      const filled = fill(example, problem, detail, roles);
      // A client may ignore a field it does not know; it cannot read a field or scope the body never names.
      const body = !roles.detail && filled && typeof filled === 'object' && !Array.isArray(filled) ? { ...filled, detail } : filled;
      return { ...response, headers, body: JSON.stringify(body) };
    },
    codeOf(response) {
      if (response.status < 400) return null;
      let value: unknown = jsonBody({ ...response, headers: { 'Content-Type': json ? 'application/json' : contentTypeOf(response) } });
      if (value === undefined) return problemFormat.codeOf(response);
      for (const step of path ?? []) value = (value as Record<string | number, unknown> | undefined)?.[step];
      return typeof value === 'string' ? value : problemFormat.codeOf(response);
    },
  };
}
