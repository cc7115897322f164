// A tiny static file server for the browser test's page, on 127.0.0.1 and an
// ephemeral port; it records every path asked of it, so a test can prove that
// no API request got past the MSW worker to the network.
import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo } from 'node:net';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
};

export interface StaticSite {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Every `METHOD /path?query` the server received, in order. */
  requests: string[];
  close(): Promise<void>;
}

// Maps a URL path onto a file inside `root`, or undefined when it would leave it.
function fileFor(root: string, urlPath: string): string | undefined {
  const relative = normalize(decodeURIComponent(urlPath === '/' ? '/index.html' : urlPath)).replace(/^[/\\]+/, '');
  const file = join(root, relative);
  return file.startsWith(root + sep) ? file : undefined;
}

/** Serves the files of `root` (GET only) until `close()` is called. */
export async function serveStatic(root: string): Promise<StaticSite> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const urlPath = new URL(req.url ?? '/', 'http://static.invalid').pathname;
    let file: string | undefined;
    try {
      file = req.method === 'GET' ? fileFor(root, urlPath) : undefined;
    } catch {
      file = undefined; // undecodable path
    }
    if (!file) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }
    readFile(file).then(
      (bytes) => {
        // The worker script must be allowed to control the whole origin.
        res.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-store',
          'Service-Worker-Allowed': '/',
        });
        res.end(bytes);
      },
      () => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
