// Traits of a load balancer in front of the server: now and then an answer
// replaced by nginx's 502 page (no Retry-After), and idle keep-alive
// connections closed after a while without telling the client (no
// `Connection: close`, no `Keep-Alive: timeout`), as many balancers do.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { seededRandom } from '../../seeded-random.ts';
import type { Answer, Stage } from '../types.ts';

const BAD_GATEWAY = `<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

export interface BlipOptions {
  /** About one answer in this many is a 502. */
  oneIn: number;
  seed?: number;
  /** The request reaches the server first (its effect stays) and only the answer is lost; by default it never arrives. */
  afterProcessing?: boolean;
}

const badGateway = (): Answer => ({ status: 502, raw: BAD_GATEWAY, headers: { 'Content-Type': 'text/html', Server: 'nginx' } });

/** A stage that replaces a random (seeded) one answer in `oneIn` with a 502 page. */
export function blips(options: BlipOptions): Stage {
  const random = seededRandom(options.seed ?? 7);
  return async (request, next) => {
    const blip = random() < 1 / options.oneIn;
    if (blip && !options.afterProcessing) return badGateway();
    const answer = await next(request);
    return blip ? badGateway() : answer;
  };
}

/** Makes the server close a keep-alive connection idle for `idleMs`, without announcing it. */
export function closeIdleConnections(server: Server, idleMs: number): void {
  // Node's own idle timer announces itself in a Keep-Alive header; this one does not.
  server.keepAliveTimeout = 0;
  const timers = new Map<Socket, NodeJS.Timeout>();
  const arm = (socket: Socket) => {
    clearTimeout(timers.get(socket));
    timers.set(
      socket,
      setTimeout(() => socket.destroy(), idleMs),
    );
  };
  server.on('connection', (socket: Socket) => {
    arm(socket);
    socket.on('close', () => {
      clearTimeout(timers.get(socket));
      timers.delete(socket);
    });
  });
  server.on('request', (req, res) => {
    clearTimeout(timers.get(req.socket));
    res.on('finish', () => arm(req.socket));
  });
}
