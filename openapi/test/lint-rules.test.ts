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

const NEW_RULES = ['bucketkit/request-array-is-bounded', 'bucketkit/byte-count-is-int64'];

describe('the contract lint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bucketkit-lint-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(root, 'openapi'), join(dir, 'openapi'), { recursive: true, filter: (src) => !src.includes('/dist') });
  cpSync(join(root, 'redocly.yaml'), join(dir, 'redocly.yaml'));
  // The rules for bounded arrays and byte counts, switched on in the copy if the project's config does not yet.
  const config = readFileSync(join(dir, 'redocly.yaml'), 'utf8');
  const missing = NEW_RULES.filter((rule) => !config.includes(rule));
  if (missing.length > 0) edit(join(dir, 'redocly.yaml'), 'rules:\n', `rules:\n${missing.map((rule) => `  ${rule}: error\n`).join('')}`);

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
    edit(join(paths, 'workspaces_{workspaceId}_buckets.yaml'), /\n {4}["']401["']:\n {6}\$ref: [^\n]+/, '');
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

  it('refuses a request array without maxItems, also behind a $ref in another file and a oneOf branch, and a byte count without int64', () => {
    const schemas = join(dir, 'openapi/components/schemas');
    edit(join(schemas, 'TrashFilesRequest.yaml'), /\n {4}maxItems: 100/, '');
    edit(join(schemas, 'AddTagsAction.yaml'), /\n {4}maxItems: 50/, '');
    edit(join(schemas, 'Transfer.yaml'), /(bytesTotal:\n {4}type: integer)\n {4}format: int64/, '$1');
    const result = lint(dir);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/TrashFilesRequest\.yaml:\n\s+\d+:\d+\s+error\s+bucketkit\/request-array-is-bounded/);
    expect(result.output).toMatch(/AddTagsAction\.yaml:\n\s+\d+:\d+\s+error\s+bucketkit\/request-array-is-bounded/);
    expect(result.output).toContain('Byte count "bytesTotal" needs format: int64.');
    expect(result.output).not.toContain('"bytesTransferred" needs');
  }, 30_000);
});
