// Finds a free loopback TCP port for servers that cannot listen on port 0 and report it (Prism, the mock CLI).
import { createServer } from 'node:net';

/** A port the OS just handed out on 127.0.0.1 (free at the time of the call). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('The OS gave no port'))));
    });
  });
}
