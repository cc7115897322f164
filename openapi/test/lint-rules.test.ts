// The contract's lint rules fail on the faults they exist for: a copy of the
// spec with planted faults must be refused, naming each rule.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const redocly = join(root, 'node_modules/.bin/redocly');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function lint(dir: string): { code: number; output: string } {
  const run = spawnSync(redocly, ['lint', '--format=stylish'], { cwd: dir, env, encoding: 'utf8' });
  return { code: run.status ?? -1, output: run.stdout + run.stderr };
}

function edit(file: string, from: string | RegExp, to: string) {
  const text = readFileSync(file, 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`planting failed in ${file}`);
  writeFileSync(file, next);
}

describe('the contract lint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bucketkit-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true, filter: (src) => !src.includes('/dist') });
  cpSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));

  it('passes the spec as it is', () => {
    const result = lint(dir);
    expect(result.output).toContain('Your API description is valid');
    expect(result.code).toBe(0);
  });

  it('refuses an unregistered scope, an unknown gap id, a bad example, a missing 401 and a missing example', () => {
    const paths = join(dir, 'openapi/paths');
    edit(join(paths, 'workspaces_{workspaceId}_buckets_{bucketId}_shares.yaml'), '- shares:read', '- shares:reed');
    edit(join(dir, 'openapi/components/schemas/Tag.yaml'), 'x-assumed: G15', 'x-assumed: G99');
    edit(join(paths, 'workspaces_{workspaceId}_buckets_{bucketId}_files.yaml'), '- finance', '- Finance!');
    edit(join(paths, 'workspaces_{workspaceId}_buckets.yaml'), /\n {4}"401":\n {6}\$ref: [^\n]+/, '');
    edit(join(paths, 'workspaces_{workspaceId}_buckets_{bucketId}_agent.yaml'), /\n {8}example:\n {10}prompt: [^\n]+/, '');
    const result = lint(dir);
    expect(result.code).not.toBe(0);
    for (const rule of [
      'bucketkit/operation-has-one-registered-scope',
      'bucketkit/assumption-is-registered',
      'no-invalid-media-type-examples',
      'bucketkit/operation-has-shared-error-responses',
      'bucketkit/response-has-example',
    ])
      expect(result.output, rule).toContain(rule);
  }, 30_000);
});
