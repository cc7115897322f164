// A raw node:http front server: it answers the requests that match a hostile
// route with that route's hostile answer, streamed, and streams every other
// request to the target (the mock, or a proxy in front of it) unbuffered.
import { Agent, createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { listen } from '../loopback-targets.ts';
import { writeHostile, type HostileAnswer } from './hostile-bodies.ts';

/** A route of the front: which requests it answers, and how. */
export interface HostileRoute {
  /** The requests this route answers, e.g. `isOperation('getIntelligence')` or a test of method and URL. */
  picks: (request: { method: string; url: string }) => boolean;
  answer: HostileAnswer;
}

export interface HostileFront {
  origin: string;
  /** One line per hostile answer started: its kind, and the body bytes once it finished. */
  served: { kind: HostileAnswer['kind']; url: string; bytes?: number }[];
  close(): Promise<void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'];

/** Starts the front on 127.0.0.1 before `target` (an origin); the first route whose `picks` accepts a request answers it. */
export async function startHostileFront(target: string, routes: readonly HostileRoute[]): Promise<HostileFront> {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const served: HostileFront['served'] = [];

  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: upstream.host };
    for (const name of HOP_BY_HOP) delete headers[name];
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent },
      (answer) => {
        const back = { ...answer.headers };
        for (const name of HOP_BY_HOP) delete back[name];
        res.writeHead(answer.statusCode ?? 502, back);
        answer.pipe(res);
      },
    );
    out.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end(`front: ${error.message}`);
      else res.destroy();
    });
    // A client that leaves mid-answer frees the upstream request too.
    res.on('close', () => {
      if (!res.writableFinished) out.destroy();
    });
    req.pipe(out);
  };

  const server = createServer((req, res) => {
    const request = { method: req.method ?? 'GET', url: req.url ?? '/' };
    const route = routes.find((r) => r.picks(request));
    if (!route) return pass(req, res);
    const line: HostileFront['served'][number] = { kind: route.answer.kind, url: request.url };
    served.push(line);
    writeHostile(route.answer, req, res, (bytes) => (line.bytes = bytes));
  });
  const loopback = await listen(server);
  return {
    origin: loopback.origin,
    served,
    close: () => {
      agent.destroy();
      return loopback.close();
    },
  };
}
