// Tells whether a request that got no answer was lost on a reused keep-alive
// connection before any byte of its answer came: the server (or a load balancer)
// closed the idle connection as the request arrived, so it never processed it and
// sending it again is safe whatever the method. undici's diagnostics channels are
// its documented way to see which socket a request went out on; without them
// (another undici) nothing is known and a lost write is never taken as unprocessed.
import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

interface Sending {
  /** An earlier request went out on the same socket. */
  reused: boolean;
  socket: Socket;
  /** The socket's bytes read when this request went out: any more means its answer had begun. */
  readBefore: number;
}

// Every key is undici's own object (request, socket, error): weak maps forget them with it.
const requestsOn = new WeakMap<Socket, number>();
const sending = new WeakMap<object, Sending>();
const lostUnanswered = new WeakSet<object>();
let watching = false;

/** Starts watching undici's requests (once per process; every transport shares the watch). */
export function watchSockets(): void {
  if (watching) return;
  watching = true;
  subscribe('undici:client:sendHeaders', (message) => {
    const { request, socket } = message as { request: object; socket: Socket };
    const before = requestsOn.get(socket) ?? 0;
    requestsOn.set(socket, before + 1);
    sending.set(request, { reused: before > 0, socket, readBefore: socket.bytesRead });
  });
  subscribe('undici:request:error', (message) => {
    const { request, error } = message as { request: object; error: unknown };
    const sent = sending.get(request);
    if (sent?.reused && sent.socket.bytesRead === sent.readBefore && typeof error === 'object' && error !== null) lostUnanswered.add(error);
  });
}

/** Whether undici failed with `error` before any byte of the answer, on a socket an earlier request had used. */
export function lostOnReusedSocket(error: unknown): boolean {
  return typeof error === 'object' && error !== null && lostUnanswered.has(error);
}
