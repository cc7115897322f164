// The API base path comes from the spec's server URL, and the "other version"
// probe bumps its version segment.
import { describe, expect, it } from 'vitest';
import { loadBundledSpec } from '../contract/load-spec.ts';
import { otherVersionBase, specBasePath } from '../contract/api-base.ts';

const doc = loadBundledSpec();

describe('the API base path', () => {
  it('reads the API base path from the spec server URL', () => {
    expect(specBasePath(doc)).toBe(new URL(doc.servers![0].url).pathname);
    expect(() => specBasePath({ ...doc, servers: [] })).toThrow(/no server URL/);
  });

  it('names the next major version for the other-version probe', () => {
    expect(otherVersionBase('/api/v1')).toBe('/api/v2');
    expect(otherVersionBase('https://x.example/api/v9')).toBe('https://x.example/api/v10');
    expect(() => otherVersionBase('/api')).toThrow(/no \/vN/);
  });
});
