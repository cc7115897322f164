// Which of the suite's writes may be sent again after a transient failure: the
// caller's `resend` reaches the transport through the API client, and the
// session marks a request by the operation it goes to (or, as a variant, meant
// to reach); a request to no operation it knows stays unmarked.
import { afterEach, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { fillPath } from '../../openapi/contract/route-table.ts';
import { LocalBoard } from '../run/local-board.ts';
import { ExchangeLog, sessionApi } from '../engine/session-api.ts';
import { ApiClient, type ApiRequest, type Exchange } from '../http/api-client.ts';
import type { Api } from '../run/api.ts';
import { createRedactor } from '../http/redact.ts';
import { createTransport } from '../http/transport/create-transport.ts';
import type { IntendedRequest } from '../oracles/logged-exchange.ts';
import { answer, serve } from './support/wire-servers.ts';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

describe('the API client', () => {
  it("hands a write's resend: 'safe' to the transport: sent again after a 502 only when marked", async () => {
    const server = await serve((req, res, index) => answer(index < 2 ? 502 : 200, {}, `answer ${index + 1}`)(req, res, index));
    opened.push(server);
    const transport = createTransport({ baseUrl: server.origin, timeoutMs: 5000, transient: { firstBackoffMs: 10 } });
    opened.push(transport);
    const api = new ApiClient({ transport, baseUrl: server.origin, runId: 'bkrun1', keys: new Map(), redact: createRedactor([]) });
    expect(await api.send({ method: 'POST', path: '/w', json: {} })).toMatchObject({ status: 502, attempts: 1 });
    expect(await api.send({ method: 'POST', path: '/w', json: {}, resend: 'safe' })).toMatchObject({ status: 200, attempts: 2 });
    expect(server.received).toHaveLength(3);
  });
});

describe('the session', () => {
  /** A session over a client that answers 200 and keeps the requests it was handed. */
  function session() {
    const handed: ApiRequest[] = [];
    const client: Api = {
      redact: createRedactor([]),
      token: () => 'token',
      secrets: () => [],
      send: async (request) => {
        handed.push(request);
        return {
          request: { method: request.method, url: `http://x${request.path}`, headers: {} },
          status: 200,
          headers: {},
          text: '',
        } as Exchange;
      },
    };
    return { api: sessionApi(client, new LocalBoard({ concurrency: 4 }), new ExchangeLog()), handed };
  }
  const pathOf = (operationId: string) =>
    fillPath(loadRouteTable().find((r) => r.operationId === operationId)!.pathTemplate, {
      workspaceId: 'ws_1',
      bucketId: 'bkt_1',
      fileId: 'file_1',
    });

  it('marks every write of the contract (a repeat of each does no harm), and no request to an operation it cannot name', async () => {
    const { api, handed } = session();
    const writes = loadRouteTable().filter((r) => r.mutates);
    for (const route of writes) await api.send({ method: route.method, path: pathOf(route.operationId), json: {} });
    expect(handed.map((r) => r.resend)).toEqual(writes.map(() => 'safe'));
    handed.length = 0;
    await api.send({ method: 'DELETE', path: pathOf('updateFile') });
    await api.send({ method: 'POST', path: '/workspaces/ws_1/unknown' });
    await api.send({ method: 'PUT', path: 'https://store.example/upload?sig=1', rawBody: 'x' });
    expect(handed.map((r) => r.resend)).toEqual([undefined, undefined, undefined]);
  });

  it('marks a variant by the operation it meant to reach, and leaves a caller its own choice', async () => {
    const { api, handed } = session();
    // A doubled slash: the path matches no route, the intent names one.
    const variant: IntendedRequest = {
      method: 'POST',
      path: `/${pathOf('createAutomation')}`,
      intent: { operationId: 'createAutomation' },
    };
    const unknown: IntendedRequest = { ...variant, intent: { operationId: 'noSuchOperation' } };
    await api.send(variant);
    await api.send(unknown);
    await api.send({ method: 'PUT', path: 'https://store.example/upload', rawBody: 'x', resend: 'safe' });
    expect(handed.map((r) => r.resend)).toEqual(['safe', undefined, 'safe']);
  });
});
