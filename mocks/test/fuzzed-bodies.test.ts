// Seeded fuzzing: every operation gets mutated bodies (wrong types, missing
// and extra fields, odd values) and odd paths; none may get a 5xx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faker } from '@faker-js/faker/locale/en';
import { loadRouteTable, loadSchemaValidator } from '../../openapi/contract/load-spec.ts';
import { startMockClient, type MockClient } from './support/mock-client.ts';

const routes = loadRouteTable();
let mock: MockClient;

beforeAll(async () => {
  mock = await startMockClient();
});
afterAll(() => mock.close());

const ODD_VALUES: unknown[] = [
  null,
  true,
  -1,
  1e308,
  '',
  'x'.repeat(5000),
  '../../etc',
  '\u0000',
  [],
  {},
  [[[]]],
  { $ref: '#/x' },
  '%E0%A4%A',
  'ws_512f94f7',
];

/** A seeded mutation of a JSON value: swap, drop or add a field somewhere in it. */
function mutate(value: unknown, depth = 0): unknown {
  if (Array.isArray(value)) return faker.datatype.boolean() ? [] : value.map((v) => mutate(v, depth + 1));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const copy: Record<string, unknown> = {};
    for (const [k, v] of entries)
      if (faker.number.int(5) > 0) copy[k] = faker.number.int(3) === 0 ? faker.helpers.arrayElement(ODD_VALUES) : mutate(v, depth + 1);
    if (faker.number.int(4) === 0) copy[faker.word.noun()] = faker.helpers.arrayElement(ODD_VALUES);
    return copy;
  }
  return faker.number.int(2) === 0 ? faker.helpers.arrayElement(ODD_VALUES) : value;
}

describe('fuzzed requests never get a 5xx', () => {
  it('mutated bodies of every operation are answered below 500, with bodies valid against the spec', async () => {
    const validator = loadSchemaValidator();
    faker.seed(2026);
    const key = mock.server.app.presetKeys.full;
    // fetch cannot send a body with GET.
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      for (let i = 0; i < 25; i++) {
        const body = route.requestBody ? mutate(route.requestBody.example) : faker.helpers.arrayElement(ODD_VALUES);
        if (i % 5 === 0) mock.server.app.reset();
        const answer = await mock.call(mock.pathOf(route), {
          method: route.method,
          key,
          rawBody: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        const what = `${route.operationId} ${JSON.stringify(body).slice(0, 200)}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(validator.validateResponse(route, answer.status, answer.headers.get('content-type'), answer.body), what).toEqual([]);
      }
    }
  });

  it('odd path segments and query strings are answered below 500', async () => {
    faker.seed(7);
    const key = mock.server.app.presetKeys.full;
    for (let i = 0; i < 150; i++) {
      const segment = encodeURIComponent(String(faker.helpers.arrayElement(ODD_VALUES))) || '%25';
      const route = faker.helpers.arrayElement(routes);
      const path = mock
        .pathOf(route, { [faker.helpers.arrayElement(['workspaceId', 'bucketId', 'fileId'])]: 'PLACEHOLDER' })
        .replace('PLACEHOLDER', segment);
      const query = `${faker.helpers.arrayElement(['limit', 'cursor', 'prefix', 'tag', 'search', 'semantic'])}=${segment}&limit=${faker.number.int({ min: -5, max: 2000 })}`;
      const answer = await mock.call(`${path}?${query}`, { method: route.method, key });
      expect(answer.status, `${route.method} ${path}?${query}`).toBeLessThan(500);
    }
  });
});
