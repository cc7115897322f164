// Decides, from a request's head alone, whether its body may be read and how
// much of it: the core's hook (`admitBody`: a refused upload grant costs no
// buffered byte) or its per-path limit, and a declared Content-Length over the
// limit is refused 413 before a byte is read.
import type { MockResponse } from '../core/types.ts';

/** A request before its body: what the core needs to admit or refuse the body. */
export interface RequestHead {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
}

export type BodyAdmission = { limit: number } | { refusal: MockResponse };

/** The part of the app handle the front end asks; `admitBody` replaces `bodyLimit` once the core offers it. */
export interface BodyGate {
  admitBody?(head: RequestHead): BodyAdmission;
  bodyLimit(path: string): number;
}

function tooLarge(limit: number, declared: number): MockResponse {
  const detail = `The body declares ${declared} bytes; this URL takes at most ${limit} bytes.`;
  const body = {
    type: 'urn:bucketkit:problem:payload_too_large',
    title: 'Payload too large',
    status: 413,
    code: 'payload_too_large',
    detail,
  };
  return { status: 413, headers: { 'Content-Type': 'application/problem+json', Connection: 'close' }, body: JSON.stringify(body) };
}

/** Admits or refuses the body of a request that has one. */
export function admitBody(gate: BodyGate, head: RequestHead): BodyAdmission {
  const admission = gate.admitBody ? gate.admitBody(head) : { limit: gate.bodyLimit(head.path) };
  if ('refusal' in admission) return admission;
  // Node's parser has already refused a malformed Content-Length (400), so this is digits.
  const declared = head.headers['content-length'];
  if (declared !== undefined && Number(declared) > admission.limit) return { refusal: tooLarge(admission.limit, Number(declared)) };
  return admission;
}
