// What `bucketkit mock` prints once it listens: the base URL, the workspaces
// and buckets, and the keys it made with their scopes and buckets (the only
// place it prints keys, and never a token the fixtures gave it or a client
// sent); with --write-config, the env lines that give the written config its tokens.
import type { PlannedKey } from '../app/key-plan.ts';
import type { MockServer } from './start-mock-server.ts';

/** A written deployment config: where, and the env vars (name → token) its keys read. */
export interface WrittenConfig {
  file: string;
  env: Record<string, string>;
  /** The command that runs the suite with it, e.g. `npx bucketkit conformance --config deployment.json`. */
  run: string;
}

/** What a key of the plan may do, as the banner says it: its scopes and its buckets. */
export function keyReach(key: PlannedKey, knownScopes: readonly string[]): string {
  const scopes = key.scopes.length === knownScopes.length && knownScopes.length > 1 ? 'every scope' : key.scopes.join(' ') || 'no scope';
  const buckets = key.bucketIds === null ? 'every bucket' : key.bucketIds.length ? `only bucket ${key.bucketIds.join(', ')}` : 'no bucket';
  return `${scopes}; ${buckets}`;
}

/** The start-up banner of a listening mock. */
export function banner(server: MockServer, readyMs: number, givenTokens: ReadonlySet<string>, written?: WrittenConfig): string {
  const { app } = server;
  const info = app.info();
  const names = new Map(app.world.buckets.map((b) => [b.id, b.name]));
  const fixtureKeys = Object.entries(app.fixtureKeys);
  const tokens: Readonly<Record<string, string>> = app.presetKeys;
  const width = Math.max(24, ...app.presetPlan.map((key) => key.name.length + 2), ...fixtureKeys.map(([name]) => name.length + 2));
  const line = (label: string, token: string) => `  ${label.padEnd(width)} ${token}`;
  const extras = [info.fixtures && `fixtures: ${info.fixtures}`, info.profile && `profile of ${info.profile}`].filter(Boolean);
  const lines = [
    `bucketkit mock: ${server.baseUrl}  (seed ${info.seed}, ${info.files} files${extras.length ? `, ${extras.join(', ')}` : ''}, ready in ${readyMs} ms)`,
    ...info.workspaces.map(
      (w) => `  workspace ${w.id} "${w.name}": ${w.buckets.map((b) => `${b} (${names.get(b)})`).join(', ') || 'no buckets'}`,
    ),
    '',
    'Keys this mock made for you (send as Authorization: Bearer <key>), with their scopes and buckets:',
    ...app.presetPlan.map((key) => `${line(key.name, tokens[key.name])}  ${keyReach(key, app.knownScopes)}`),
    ...(fixtureKeys.length > 0
      ? [
          '',
          'Keys of the fixtures:',
          ...fixtureKeys.map(([name, token]) => line(name, givenTokens.has(token) ? '(the token in the fixtures file)' : token)),
        ]
      : []),
    ...(written
      ? [
          '',
          `Deployment config written to ${written.file} (its keys read their tokens from env vars). Export them, then run the suite:`,
          ...Object.entries(written.env).map(([name, token]) => `  export ${name}=${token}`),
          `  ${written.run}`,
        ]
      : []),
    '',
    `Control: POST ${server.origin}/__mock/keys | POST /__mock/reset | GET /__mock/info | /__mock/scenarios | GET /__mock/requests | GET /__mock/coverage`,
    `Try:     curl -H "Authorization: Bearer $KEY" ${server.baseUrl}/workspaces`,
  ];
  return lines.join('\n');
}
