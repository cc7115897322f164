// Loopback servers and transports a transport test opens, closed after each test (last opened, first closed).
import { afterEach } from 'vitest';
import { createTransport } from '../../http/transport/create-transport.ts';
import type { Transport, TransportConfig } from '../../http/transport/transport-types.ts';
import { serve, type Handler, type WireServer } from './wire-servers.ts';

/** Registers the closing with the calling test file; `server` and `transport` open things it will close. */
export function closedAfterEach(defaults: Partial<TransportConfig> = {}) {
  const opened: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const thing of opened.splice(0).reverse()) await thing.close();
  });
  /** Keeps something else the test opened, to close it too. */
  const keep = <T extends { close(): Promise<void> }>(thing: T): T => {
    opened.push(thing);
    return thing;
  };
  return {
    keep,
    server: async (handler: Handler): Promise<WireServer> => keep(await serve(handler)),
    transport: (config: Partial<TransportConfig> & { baseUrl: string }): Transport =>
      keep(createTransport({ timeoutMs: 5000, ...defaults, ...config })),
  };
}
