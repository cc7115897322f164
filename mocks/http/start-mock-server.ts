// Serves the mock's behaviour core over a real node:http server on loopback,
// behind the front door (Host, Origin and control-API checks), with bounded
// body reading and timeouts so no client can hold memory or a socket for long
// (a request a scenario holds is let go when its client disconnects). A
// method token Node's parser refuses is read and answered by the core too.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadBundledSpec } from '../../openapi/contract/load-spec.ts';
import { createMockApp, type MockAppHandle } from '../app/create-mock-app.ts';
import { bindControls, type MockControls } from '../app/mock-controls.ts';
import { checkOptionNames } from '../core/nearest-name.ts';
import type { Fixtures } from '../fixtures/fixture-types.ts';
import type { MockProfile } from '../profile/check-profile.ts';
import type { Latency } from '../core/latency.ts';
import type { Clock } from '../core/clock.ts';
import type { MockApp } from '../core/types.ts';
import type { SchemaValidator } from '../../openapi/contract/schema-validator.ts';
import { clientWatch, toMockRequest, writePreflight, writeResponse } from './node-adapter.ts';
import { admitBody, type BodyGate } from './body-admission.ts';
import { createFrontDoor, type FrontDoor } from './front-door.ts';
import { answerAsNode, readRefusedRequest, writeOnSocket, type ClientError } from './refused-method.ts';

// A client gets 10 s to send its headers and 30 s for the whole request: a
// 64 MiB upload over loopback takes well under a second, while a body that
// never ends would otherwise hold its socket for Node's default of 300 s.
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;

export interface StartMockServerOptions {
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  seed?: number;
  files?: number;
  /** Workspaces, buckets, files and keys of your own, with the seeded world or instead of it (see createMockApp). */
  fixtures?: Fixtures;
  /** A deployment's profile, played back (see createMockApp). */
  profile?: MockProfile;
  faults?: readonly string[];
  latencyMs?: Latency;
  /** Answer CORS preflights and add Access-Control-* headers (API and presigned URLs only, never the control API). */
  cors?: boolean;
  clock?: Clock;
  /** Host names besides loopback and the bound host that clients may use (e.g. `host.docker.internal`). */
  allowedHosts?: readonly string[];
  /** Prebuilt validators of the bundled spec: a process starting many mocks compiles them once. */
  validator?: SchemaValidator;
  /** Overrides HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS (a mock in a busy test process wants longer ones). */
  timeoutsMs?: { headers: number; request: number };
}

/** The option names startMockServer takes. */
export const START_MOCK_SERVER_OPTIONS = [
  'host',
  'port',
  'seed',
  'files',
  'fixtures',
  'profile',
  'faults',
  'latencyMs',
  'cors',
  'clock',
  'allowedHosts',
  'validator',
  'timeoutsMs',
] as const satisfies readonly (keyof StartMockServerOptions)[];

/** The HTTP mock: its address, its core, and the controls (`mock.scenario(...)`, `mock.coverage()`, ...). */
export interface MockServer extends MockControls {
  /** e.g. `http://127.0.0.1:4010` */
  origin: string;
  /** `${origin}/api/v1` */
  baseUrl: string;
  app: MockAppHandle;
  close(): Promise<void>;
}

/** What the HTTP front end needs of an app: answering requests and admitting bodies. */
export type ServableApp = Pick<MockApp, 'handle'> & BodyGate;

export interface ServeOptions {
  host: string;
  port: number;
  cors: boolean;
  allowedHosts?: readonly string[];
  /** Overrides HEADERS_TIMEOUT_MS and REQUEST_TIMEOUT_MS (tests use short ones). */
  timeoutsMs?: { headers: number; request: number };
}

/** Serves any app behind the front door; resolves once listening, with the origin and a close function. */
export async function serveApp(
  app: ServableApp,
  options: ServeOptions,
): Promise<{ origin: string; boundToAll: boolean; close(): Promise<void> }> {
  const { host, port, cors } = options;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`port must be an integer from 0 to 65535, got ${port}`);
  // The front door needs the port, known once the server listens; requests only arrive after that.
  const gate: { door?: FrontDoor } = {};

  const server = createServer({ connectionsCheckingInterval: 1_000 }, (req: IncomingMessage, res: ServerResponse) => {
    const method = (req.method ?? 'GET').toUpperCase();
    const path = (req.url ?? '/').split('?')[0];
    const refused = gate.door!.check(method, path, req.headers as Record<string, string | undefined>);
    const withCors = cors && gate.door!.corsAllowed(path);
    if (refused) return writeResponse(res, method, refused, { cors: false, unread: true });
    if (withCors && method === 'OPTIONS') return writePreflight(res);
    toMockRequest(req, (head) => admitBody(app, head), clientWatch(res))
      .then(async (read) => {
        const response = 'refusal' in read ? read.refusal : await app.handle(read.request);
        writeResponse(res, method, response, { cors: withCors, unread: read.unread });
      })
      .catch((error) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain', Connection: 'close' });
        res.end('Internal error in the mock.');
      });
  });
  // A method token Node's parser refuses (`get`, `Patch`) still reaches the core, which answers it (never a 5xx).
  server.on('clientError', (error: ClientError, socket: Socket) => {
    const request =
      error.code === 'HPE_INVALID_METHOD' && error.rawPacket ? readRefusedRequest(error.rawPacket, error.bytesParsed ?? 0) : undefined;
    if (!request || !gate.door) return answerAsNode(error, socket);
    const refused = gate.door.check(request.method.toUpperCase(), request.path, request.headers);
    if (refused) return writeOnSocket(socket, request.method, refused);
    app
      .handle(request)
      .then((response) => writeOnSocket(socket, request.method, response))
      .catch(() => socket.destroy());
  });
  server.keepAliveTimeout = 5_000;
  server.headersTimeout = options.timeoutsMs?.headers ?? HEADERS_TIMEOUT_MS;
  server.requestTimeout = options.timeoutsMs?.request ?? REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  gate.door = createFrontDoor({ boundHost: host, port: address.port, allowedHosts: options.allowedHosts });
  const boundToAll = ['0.0.0.0', '::'].includes(address.address);
  const shownHost = boundToAll ? '127.0.0.1' : address.address;
  return {
    origin: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${address.port}`,
    boundToAll,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Starts the HTTP mock; resolves once it listens. */
export async function startMockServer(options: StartMockServerOptions = {}): Promise<MockServer> {
  checkOptionNames(options, START_MOCK_SERVER_OPTIONS, 'startMockServer');
  const { host = '127.0.0.1', port = 0, cors = false } = options;
  const app = createMockApp({
    spec: loadBundledSpec(),
    ...(options.seed !== undefined ? { seed: options.seed } : {}),
    ...(options.files !== undefined ? { files: options.files } : {}),
    ...(options.fixtures !== undefined ? { fixtures: options.fixtures } : {}),
    ...(options.profile !== undefined ? { profile: options.profile } : {}),
    faults: options.faults,
    latencyMs: options.latencyMs,
    clock: options.clock,
    ...(options.validator ? { validator: options.validator } : {}),
  });
  const served = await serveApp(app, { host, port, cors, allowedHosts: options.allowedHosts, timeoutsMs: options.timeoutsMs });
  // Bound to every interface, presigned URLs follow the Host a client used (checked by the front door), so a phone on the LAN gets URLs it can reach.
  if (!served.boundToAll) app.setOrigin(served.origin);
  return { ...bindControls(app), origin: served.origin, baseUrl: `${served.origin}${app.apiBase}`, app, close: served.close };
}
