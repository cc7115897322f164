// No missed seed rule: servers that each break one rule the seed states (a
// substring or case-blind prefix, a substring tag, another bucket's files
// through search, semantic search, the trash, the agent or a trash PATCH, a 5xx
// to a hostile query value) fail a core check of the right area, which passes
// on the correct mock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../openapi/contract/load-spec.ts';
import { generateChecks } from '../checks/all-checks.ts';
import { notPassed, startBench, withRule, type Bench } from './support/check-bench.ts';
import type { ProxyRequest, Rule } from './support/loopback-proxy.ts';
import { caseInsensitivePrefix, leakFromOther, queryCrash, substringPrefix, substringTag, type Target } from './support/other-servers.ts';

const on = (method: string, suffix: string, query?: (q: URLSearchParams) => boolean) => (r: ProxyRequest) => {
  const url = new URL(r.url, 'http://proxy.invalid');
  return r.method === method && url.pathname.endsWith(suffix) && (!query || query(url.searchParams));
};
const decodes = (raw: string) => {
  try {
    decodeURIComponent(raw);
    return true;
  } catch {
    return false;
  }
};

/** Each broken server, the checks it must fail (all core) and their area. */
function brokenServers(t: Target): { name: string; rule: Rule; fails: string[]; area: string }[] {
  return [
    { name: 'prefix matched anywhere in the path', rule: substringPrefix, fails: ['LIST-prefix-honoured'], area: 'listing' },
    { name: 'prefix matched case-insensitively', rule: caseInsensitivePrefix, fails: ['LIST-prefix-honoured'], area: 'listing' },
    { name: 'tag matched as a substring', rule: substringTag, fails: ['LIST-tag-honoured'], area: 'listing' },
    {
      name: 'text search across the workspace',
      rule: leakFromOther(
        t,
        on('GET', '/files', (q) => q.has('search') && !q.has('semantic')),
        'append',
      ),
      fails: ['BUCKET-listFiles-search-own-bucket-only'],
      area: 'bucket-limits',
    },
    {
      name: 'semantic search across the workspace',
      rule: leakFromOther(
        t,
        on('GET', '/files', (q) => q.get('semantic') === '1'),
        'append',
      ),
      fails: ['BUCKET-listFiles-semantic-own-bucket-only'],
      area: 'bucket-limits',
    },
    {
      name: 'one trash for the whole workspace',
      rule: leakFromOther(t, on('GET', '/trash'), 'append'),
      fails: ['BUCKET-getTrash-own-bucket-only'],
      area: 'bucket-limits',
    },
    {
      name: 'an agent that reads every bucket',
      rule: leakFromOther(t, on('POST', '/agent'), 'replace'),
      fails: ['BUCKET-runBucketAgent-own-bucket-only'],
      area: 'bucket-limits',
    },
    {
      name: 'trash PATCH that finds files in any bucket',
      rule: leakFromOther(t, on('PATCH', '/trash'), 'replace'),
      fails: ['BUCKET-updateTrash-foreign-restore-unreached', 'BUCKET-updateTrash-foreign-purge-unreached'],
      area: 'bucket-limits',
    },
    {
      name: 'search compiled as a regular expression',
      rule: queryCrash((raw) => /search=[^&]*(%28|%5B)/.test(raw)),
      fails: ['ROBUST-listFiles-bad-query'],
      area: 'robustness',
    },
    {
      name: 'a NUL in a query value',
      rule: queryCrash((raw) => /=([^&]*[^5])?%00/.test(raw)),
      fails: ['ROBUST-listFiles-bad-query'],
      area: 'robustness',
    },
    {
      name: 'query bytes that are not UTF-8',
      rule: queryCrash((raw) => !decodes(raw)),
      fails: ['ROBUST-listFiles-bad-query', 'ROBUST-listBuckets-bad-query'],
      area: 'robustness',
    },
    {
      name: 'a query value over 4 KiB',
      rule: queryCrash((raw) => raw.length > 4096),
      fails: ['ROBUST-listFiles-bad-query', 'ROBUST-getTrash-bad-query'],
      area: 'robustness',
    },
    {
      name: 'a quote in a semantic search (SQL built by hand)',
      rule: queryCrash((raw) => raw.includes('semantic=1') && raw.includes('%27')),
      fails: ['ROBUST-listFiles-bad-query'],
      area: 'robustness',
    },
    {
      name: 'non-ASCII text in search',
      rule: queryCrash((raw) => /search=[^&]*%D7/.test(raw)),
      fails: ['ROBUST-listFiles-bad-query'],
      area: 'robustness',
    },
  ];
}

describe('core verdicts on servers that each break one seed rule', () => {
  let bench: Bench;
  let servers: ReturnType<typeof brokenServers>;

  beforeAll(async () => {
    bench = await startBench();
    servers = brokenServers({ ...bench.settings.buckets, fullToken: bench.token('full') });
  }, 60_000);
  afterAll(async () => bench?.close());

  it('passes each of these checks on the correct mock', async () => {
    const ids = [...new Set(servers.flatMap((s) => s.fails))];
    expect(notPassed(await bench.run(ids))).toEqual({});
  }, 60_000);

  it('fails each broken server in a core check of its area', async () => {
    const verdicts: Record<string, string> = {};
    for (const server of servers) {
      const outcomes = await withRule(bench, server.rule, () => bench.run(server.fails));
      for (const id of server.fails) verdicts[`${server.name}: ${id}`] = outcomes[id].status;
    }
    expect(
      Object.values(verdicts).every((v) => v === 'fail'),
      JSON.stringify(verdicts, null, 1),
    ).toBe(true);
    const defs = generateChecks(loadRouteTable(), bench.settings.keys, {});
    for (const server of servers)
      for (const id of server.fails)
        expect(
          defs.find((d) => d.id === id),
          id,
        ).toMatchObject({ level: 'core', area: server.area });
  }, 120_000);

  it('names the leaked file and the area rule in the failure', async () => {
    const target = { ...bench.settings.buckets, fullToken: bench.token('full') };
    const outcomes = await withRule(bench, leakFromOther(target, on('POST', '/agent'), 'replace'), () =>
      bench.run(['BUCKET-runBucketAgent-own-bucket-only']),
    );
    expect(outcomes['BUCKET-runBucketAgent-own-bucket-only']).toMatchObject({
      status: 'fail',
      message: expect.stringContaining(`without files of bucket ${bench.settings.buckets.other}, which the key's bucketIds exclude`),
    });
  }, 60_000);
});
