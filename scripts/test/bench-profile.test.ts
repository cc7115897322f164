// Summarising a .cpuprofile: self time per function and area, idle left out, locations made machine-independent.
import { describe, expect, it } from 'vitest';
import { areaOf, shortLocation, summariseProfile, type CpuProfile } from '../bench/cpu-profile-summary.ts';

const frame = (id: number, functionName: string, url: string, lineNumber = 0) => ({ id, callFrame: { functionName, url, lineNumber } });

// 4 ms idle, 3 ms in the matcher, 2 ms in writev, 1 ms in ajv.
const profile: CpuProfile = {
  nodes: [
    frame(1, '(idle)', ''),
    frame(2, 'match', 'file:///repo/openapi/contract/route-matcher.ts'),
    frame(3, 'writev', ''),
    frame(4, 'validate', 'file:///repo/node_modules/ajv/dist/compile/index.js', 40),
  ],
  samples: [1, 2, 1, 2, 3, 1, 2, 3, 4, 1],
  timeDeltas: Array(10).fill(1000),
};

describe('CPU profile summary', () => {
  it('ranks functions by self time, as shares of busy (non-idle) time', () => {
    const summary = summariseProfile(profile, 'test load');
    expect(summary.totalMs).toBe(6);
    expect(summary.entries.map((e) => [e.functionName, e.selfMs, Math.round(e.selfPercent)])).toEqual([
      ['match', 3, 50],
      ['writev', 2, 33],
      ['validate', 1, 17],
    ]);
  });

  it('groups self time by area: our code, native builtins, each dependency', () => {
    expect(summariseProfile(profile, 'test load').byArea.map((a) => a.area)).toEqual([
      'our code (openapi/)',
      'native builtins (JSON, strings, regexps)',
      'dependency ajv',
    ]);
  });

  it('keeps only the top entries asked for', () => {
    expect(summariseProfile(profile, 'test load', 1).entries).toHaveLength(1);
  });

  it('refuses a profile whose samples and time deltas differ', () => {
    expect(() => summariseProfile({ ...profile, timeDeltas: [1] }, 'x')).toThrow(/Malformed/);
  });

  it('names locations without the machine path', () => {
    expect(shortLocation('file:///home/me/repo/mocks/core/api-pipeline.ts', 0)).toBe('mocks/core/api-pipeline.ts');
    expect(shortLocation('file:///x/node_modules/ajv/dist/core.js', 9)).toBe('ajv/dist/core.js:10');
    expect(shortLocation('node:internal/stream_base_commons', 3)).toBe('node:internal/stream_base_commons');
    expect(shortLocation('', 0)).toBe('(native)');
  });

  it('names scoped packages in full and tells GC and Node core apart', () => {
    expect(areaOf('f', 'file:///x/node_modules/@faker-js/faker/dist/a.js')).toBe('dependency @faker-js/faker');
    expect(areaOf('(garbage collector)', '')).toBe('garbage collector');
    expect(areaOf('emit', 'node:events')).toBe('Node core (http, streams, net)');
  });
});
