// Decides, from a request's head alone, whether its body may be read and how
// much of it: the core's hook (`admitBody`: a refused upload grant costs no
// buffered byte), and a declared Content-Length over the limit is refused 413
// before a byte is read.
import type { BodyAdmission, MockResponse, RequestHead } from '../core/types.ts';

export type { BodyAdmission, RequestHead } from '../core/types.ts';

/** The part of the app handle the front end asks. */
export interface BodyGate {
  admitBody(head: RequestHead): BodyAdmission;
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
  const admission = gate.admitBody(head);
  if (!('limit' in admission)) return admission;
  // Node's parser has already refused a malformed Content-Length (400), so this is digits.
  const declared = head.headers['content-length'];
  if (declared !== undefined && Number(declared) > admission.limit) return { refusal: tooLarge(admission.limit, Number(declared)) };
  return admission;
}
