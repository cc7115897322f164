// The cycle check finds file cycles' folder shadows: a folder that imports a
// folder importing it back, within one part, is a cycle; across parts or inside
// one folder it is not.
import { describe, expect, it } from 'vitest';
import { findCycles, folderGraph } from '../check-cycles.ts';

describe('the import-cycle check', () => {
  it('finds each cycle of a graph once, and none in a layering', () => {
    expect(findCycles({ a: ['b'], b: ['c'], c: ['a'] })).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles({ a: ['b', 'c'], b: ['c'], c: [] })).toEqual([]);
  });

  it('links folders of one part by their files, ignoring imports inside a folder or into another part', () => {
    const graph = folderGraph({
      'mocks/core/a.ts': ['mocks/core/b.ts', 'mocks/store/s.ts', 'openapi/contract/x.ts'],
      'mocks/store/s.ts': ['mocks/core/a.ts'],
      'mocks/cli.ts': ['mocks/core/a.ts'],
    });
    expect(graph).toEqual({ 'mocks/core': ['mocks/store'], 'mocks/store': ['mocks/core'] });
    expect(findCycles(graph)).toEqual([['mocks/core', 'mocks/store', 'mocks/core']]);
  });
});
