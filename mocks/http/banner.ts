// What `bucketkit mock` prints once it listens: the base URL, the workspaces
// and buckets, and the keys it made (the only place it prints keys, and never
// a token the fixtures gave it or a client sent).
import type { MockServer } from './start-mock-server.ts';

/** The start-up banner of a listening mock. */
export function banner(server: MockServer, readyMs: number, givenTokens: ReadonlySet<string>): string {
  const { app } = server;
  const info = app.info();
  const names = new Map(app.world.buckets.map((b) => [b.id, b.name]));
  const firstBucket = info.workspaces.find((w) => w.buckets.length > 0)?.buckets[0] ?? '(none)';
  const fixtureKeys = Object.entries(app.fixtureKeys);
  const width = Math.max(24, firstBucket.length + 13, ...fixtureKeys.map(([name]) => name.length + 2));
  const line = (label: string, token: string) => `  ${label.padEnd(width)} ${token}`;
  const extras = [info.fixtures && `fixtures: ${info.fixtures}`, info.profile && `profile of ${info.profile}`].filter(Boolean);
  const lines = [
    `bucketkit mock: ${server.baseUrl}  (seed ${info.seed}, ${info.files} files${extras.length ? `, ${extras.join(', ')}` : ''}, ready in ${readyMs} ms)`,
    ...info.workspaces.map(
      (w) => `  workspace ${w.id} "${w.name}": ${w.buckets.map((b) => `${b} (${names.get(b)})`).join(', ') || 'no buckets'}`,
    ),
    '',
    'Keys this mock made for you (send as Authorization: Bearer <key>):',
    line('full access', app.presetKeys.full),
    line('read-only', app.presetKeys.readOnly),
    line(`only bucket ${firstBucket}`, app.presetKeys.oneBucket),
    ...(fixtureKeys.length > 0
      ? [
          '',
          'Keys of the fixtures:',
          ...fixtureKeys.map(([name, token]) => line(name, givenTokens.has(token) ? '(the token in the fixtures file)' : token)),
        ]
      : []),
    '',
    `Control: POST ${server.origin}/__mock/keys | POST /__mock/reset | GET /__mock/info | /__mock/scenarios | GET /__mock/requests | GET /__mock/coverage`,
    `Try:     curl -H "Authorization: Bearer $KEY" ${server.baseUrl}/workspaces`,
  ];
  return lines.join('\n');
}
