// The run board across processes: the process owning the run serves its
// board on a loopback TCP port, one JSON line per call; each Playwright worker
// connects once and calls it as if it were local. A worker that goes away
// fails the values it was making and gives back the request slots it held or
// was waiting for, so no other test waits for them forever.
// What a request tells the board after it went (its slot back, whether it
// was answered) is sent without waiting for a reply: every request would
// otherwise wait on the runner's event loop three times, not once.
import { createConnection, createServer, type Socket } from 'node:net';
import type { LocalBoard } from './local-board.ts';
import type { RunBoard } from './run-board.ts';

/** The board methods a worker may call, with their arguments as sent. */
type Method = keyof RunBoard;
const METHODS: readonly Method[] = [
  'claim',
  'settle',
  'made',
  'acquire',
  'release',
  'answered',
  'noAnswer',
  'stopped',
  'addMarker',
  'markers',
  'addFile',
  'files',
  'count',
  'counts',
];

/** Calls whose outcome the caller never needs: sent with id 0, never answered, still handled in their order. */
const NO_REPLY: ReadonlySet<Method> = new Set<Method>(['release', 'answered', 'noAnswer']);

interface Call {
  id: number;
  method: Method;
  args: unknown[];
}

/** Reads newline-delimited JSON from a socket. */
function onLines(socket: Socket, handle: (message: unknown) => void): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
      const line = buffer.slice(0, at);
      buffer = buffer.slice(at + 1);
      if (line) handle(JSON.parse(line));
    }
  });
}

export interface BoardServer {
  /** Where workers connect: `127.0.0.1:<port>`. */
  address: string;
  close(): Promise<void>;
}

/** Serves a board on an ephemeral loopback port. */
export async function serveBoard(board: LocalBoard): Promise<BoardServer> {
  const sockets = new Set<Socket>();
  // The slots each connection holds: a worker that stops mid-request (Playwright replaces a worker after a failing
  // test) never sends their release.
  const held = new Map<Socket, number>();
  const server = createServer((socket) => {
    sockets.add(socket);
    held.set(socket, 0);
    socket.setNoDelay(true);
    socket.on('close', () => {
      sockets.delete(socket);
      for (let n = held.get(socket) ?? 0; n > 0; n--) board.giveBack();
      held.delete(socket);
      board.abandon(socket, 'the worker making it stopped before it was done');
    });
    socket.on('error', () => undefined);
    onLines(socket, (message) => {
      const { id, method, args } = message as Call;
      if (!METHODS.includes(method)) return void socket.write(`${JSON.stringify({ id, error: `no board method ${method}` })}\n`);
      if (method === 'release') held.set(socket, (held.get(socket) ?? 1) - 1);
      // A claim is owned by the connection that made it.
      const call =
        method === 'claim' ? board.claim(args[0] as string, socket) : (board[method] as (...a: unknown[]) => Promise<unknown>)(...args);
      // A turn granted to a connection that is gone is given back at once; one granted to a live one is its to release.
      if (method === 'acquire')
        void call.then(
          () => (held.has(socket) ? held.set(socket, held.get(socket)! + 1) : board.giveBack()),
          () => undefined,
        );
      if (id === 0) return void call.catch(() => undefined);
      call.then(
        (value) => socket.writable && socket.write(`${JSON.stringify({ id, value: value ?? null })}\n`),
        (error: Error) => socket.writable && socket.write(`${JSON.stringify({ id, error: error.message })}\n`),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A board reached over its server; `close()` ends the connection. */
export async function connectBoard(address: string): Promise<RunBoard & { close(): void }> {
  const [host, port] = [address.slice(0, address.lastIndexOf(':')), Number(address.slice(address.lastIndexOf(':') + 1))];
  const socket = createConnection({ host, port });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let next = 0;
  let lost: Error | undefined;
  const fail = (error: Error) => {
    lost ??= error;
    for (const w of waiting.values()) w.reject(lost);
    waiting.clear();
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('the run board closed (the run is over)')));
  onLines(socket, (message) => {
    const { id, value, error } = message as { id: number; value?: unknown; error?: string };
    const w = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) w?.reject(new Error(error));
    else w?.resolve(value);
  });
  const call =
    (method: Method) =>
    (...args: unknown[]) => {
      if (lost) return Promise.reject(lost);
      if (NO_REPLY.has(method)) {
        socket.write(`${JSON.stringify({ id: 0, method, args })}\n`);
        return Promise.resolve();
      }
      const id = ++next;
      socket.write(`${JSON.stringify({ id, method, args })}\n`);
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    };
  const board = Object.fromEntries(METHODS.map((m) => [m, call(m)])) as unknown as RunBoard;
  // Nothing to hold a worker open at its end.
  socket.unref();
  return { ...board, close: () => socket.end() };
}
