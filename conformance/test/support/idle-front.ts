// A TCP front that plays a load balancer's idle timeout in front of any HTTP
// server: it never says Connection: close, it just ends a keep-alive connection
// that stayed idle. Its ways: close it (a FIN the client sees while idle), lose
// the race (the close crosses the client's next request, which is reset unread),
// or drop it silently (a firewall forgetting the connection: later bytes vanish).
import { connect, createServer, type Socket } from 'node:net';
import { listen, type Loopback } from '../loopback-targets.ts';

export interface IdleFrontOptions {
  /** Silence after an answer's last byte that makes a connection idle, in ms. */
  idleMs: number;
  /**
   * 'close': the connection is closed once idle. 'race': a request arriving on an idle connection is reset, unread.
   * 'drop': a request arriving on an idle connection is swallowed, never forwarded nor answered.
   */
  mode: 'close' | 'race' | 'drop';
}

export interface IdleFront extends Loopback {
  /** Idle connections ended: closed, reset under a request, or dropped. */
  ended(): number;
  /** Connections accepted. */
  connections(): number;
}

/** Starts the front on 127.0.0.1 before `target` (an http origin); each client connection gets its own upstream one. */
export async function startIdleFront(target: string, options: IdleFrontOptions): Promise<IdleFront> {
  const upstream = new URL(target);
  let ended = 0;
  let connections = 0;
  const front = createServer((client: Socket) => {
    connections++;
    const back = connect(Number(upstream.port), upstream.hostname);
    // When the last answer byte came; undefined while a request waits for its answer (or none came yet).
    let answeredAt: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    let dropped = false;
    const end = (how: () => void) => {
      ended++;
      clearTimeout(timer);
      how();
    };
    client.on('data', (chunk: Buffer) => {
      if (dropped) return;
      const idle = answeredAt !== undefined && performance.now() - answeredAt >= options.idleMs;
      if (idle && options.mode === 'race') return end(() => (client.resetAndDestroy(), back.destroy()));
      if (idle && options.mode === 'drop') return end(() => ((dropped = true), back.destroy()));
      clearTimeout(timer);
      answeredAt = undefined;
      back.write(chunk);
    });
    back.on('data', (chunk: Buffer) => {
      client.write(chunk);
      answeredAt = performance.now();
      if (options.mode !== 'close') return;
      clearTimeout(timer);
      timer = setTimeout(() => end(() => (client.end(), back.destroy())), options.idleMs);
    });
    const finish = () => {
      clearTimeout(timer);
      client.destroy();
      back.destroy();
    };
    back.on('error', finish);
    back.on('close', () => !dropped && client.end());
    client.on('error', finish);
    client.on('close', finish);
  });
  const loopback = await listen(front);
  return { ...loopback, ended: () => ended, connections: () => connections };
}
