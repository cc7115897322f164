// The deployment config of a running kit mock (`bucketkit mock --write-config FILE`): its base URL, the workspace
// and buckets of the kit's key plan, and every key of the plan with its scopes and bucketIds. Tokens go only
// through env vars: the file names each key's, and the env lines to export carry the mock's seeded test keys.
import type { KeyConfig, Overrides } from '../config/config-types.ts';
import { defaultTokenEnv } from '../config/load-config.ts';
import { planBuckets, type PlannedKey, type PlanWorkspace } from '../../mocks/app/key-plan.ts';
import { EMBEDDED_OVERRIDES } from './embedded-keys.ts';

/** The config file's content: what `--config FILE` reads, without a token. */
export interface MockConfigFile {
  baseUrl: string;
  workspaceId: string;
  buckets: { allowed: string; other: string };
  keys: (Omit<KeyConfig, 'token'> & { tokenEnv: string })[];
  overrides: Overrides;
}

/** A mock as the config sees it: its base URL, its workspaces (with their buckets' ids) and its plan's keys. */
export interface RunningMock {
  baseUrl: string;
  workspaces: readonly PlanWorkspace[];
  keys: readonly (PlannedKey & { token: string })[];
}

/** The config of `mock` and the env vars to export (name → token); throws when no workspace holds two buckets. */
export function mockConfig(mock: RunningMock): { file: MockConfigFile; env: Record<string, string> } {
  const buckets = planBuckets(mock.workspaces);
  if (!buckets)
    throw new Error('The mock has no workspace with two buckets; the conformance suite needs one (change --fixtures or --seed).');
  const keys = mock.keys.map(({ name, scopes, bucketIds }) => ({ name, tokenEnv: defaultTokenEnv(name), scopes, bucketIds }));
  return {
    file: {
      baseUrl: mock.baseUrl,
      workspaceId: buckets.workspaceId,
      buckets: { allowed: buckets.allowed, other: buckets.other },
      keys,
      overrides: { ...EMBEDDED_OVERRIDES },
    },
    env: Object.fromEntries(mock.keys.map((key) => [defaultTokenEnv(key.name), key.token])),
  };
}

/** A JSON value on one line, with a space after each colon and comma, as the docs write it. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const fields = Object.entries(value).map(([name, field]) => `${JSON.stringify(name)}: ${inline(field)}`);
  return fields.length ? `{ ${fields.join(', ')} }` : '{}';
}

/** The config file's text: JSON, one key a line, as the docs show it. */
export function mockConfigText(file: MockConfigFile): string {
  const { keys, overrides, ...head } = file;
  const fields = Object.entries(head).map(([name, value]) => `  ${JSON.stringify(name)}: ${inline(value)}`);
  const keyLines = keys.map((key) => `    ${inline(key)}`).join(',\n');
  return `{\n${[...fields, `  "keys": [\n${keyLines}\n  ]`, `  "overrides": ${inline(overrides)}`].join(',\n')}\n}\n`;
}
