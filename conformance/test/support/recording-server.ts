// A loopback server on another origin that records every request it gets,
// headers included, so a test can prove what reached it (for example, no key
// after a redirect). It answers every request with one fixed JSON answer.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listen } from '../loopback-targets.ts';

/** One request as the recorder received it. */
export interface RecordedRequest {
  method: string;
  /** Path and query as received. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface RecordingServer {
  origin: string;
  /** Every request received, in order. */
  received: RecordedRequest[];
  close(): Promise<void>;
}

/** Starts the recorder on 127.0.0.1; it answers `status` with `body` as JSON (200 `{}` by default). */
export async function startRecordingServer(status = 200, body: unknown = {}): Promise<RecordingServer> {
  const received: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  return { ...(await listen(server)), received };
}
