// The learner's readers on hand-made logs: the page-size probe pins any bound
// within its request budget (or finds none), an echoed key never reaches the
// example error body, and a listing with no maximum is learned as the most
// maxPageSize takes with its check disabled.
import { describe, expect, it } from 'vitest';
import type { RunSettings } from '../config/config-types.ts';
import { createRedactor } from '../http/redact.ts';
import { learnErrorFormat } from '../learn/error-format.ts';
import { learnDeployment } from '../learn/learn-profile.ts';
import { limitAnswer, MAX_LIMIT_PROBES, nextLimitToTry, PAGE_SIZE_CEILING, type LimitAnswer } from '../learn/page-size.ts';
import { viewOf, type ExchangeView } from '../oracles/exchange-view.ts';
import type { AuthUsed } from '../oracles/logged-exchange.ts';

const BASE = 'https://files.example.com/api/v1';
const settings = {
  baseUrl: BASE,
  runPrefix: 'bucketkit-conformance/bkrun/',
  workspaceId: 'ws_1',
  buckets: { allowed: 'bkt_a', other: 'bkt_b' },
  keys: [{ name: 'full', env: 'BUCKETKIT_KEY_FULL', scopes: ['files:read'], bucketIds: null }],
  overrides: {},
} as unknown as RunSettings;
const TOKEN = 'bk_live_0123456789abcdefghij';
const redact = createRedactor([{ env: 'BUCKETKIT_KEY_FULL', token: TOKEN }]);

/** One logged exchange as the run would log it, viewed as the rules read it. */
function view(seq: number, path: string, status: number, answer: { type?: string; text?: string; query?: Record<string, string> } = {}) {
  const auth: AuthUsed = { kind: 'key', key: 'full' };
  const url = `${BASE}${path}${answer.query ? `?${new URLSearchParams(answer.query)}` : ''}`;
  const entry = {
    seq,
    owner: 'test',
    phase: 'check' as const,
    request: { method: 'GET', path, query: answer.query, auth: { key: 'full' } },
    sent: { method: 'GET', url, headers: {} },
    auth,
    url,
    status,
    headers: (answer.type ? { 'content-type': answer.type } : {}) as Record<string, string>,
    text: answer.text ?? '',
  };
  return viewOf(entry, BASE) as ExchangeView;
}

/** Runs the probe's search against a listing that serves up to `max` (Infinity: any), naming it in refusals when `says`. */
function search(max: number, says: boolean): { answers: LimitAnswer[] } {
  const answers: LimitAnswer[] = [];
  for (let limit = nextLimitToTry(answers); limit !== undefined && answers.length < MAX_LIMIT_PROBES; limit = nextLimitToTry(answers)) {
    const text = JSON.stringify({ status: 400, message: says ? `limit may be ${max} at most` : 'limit is too large' });
    answers.push(limitAnswer(limit, limit <= max ? 200 : 400, limit <= max ? '{"data":[]}' : text)!);
  }
  return { answers };
}

describe('the page-size probe', () => {
  it('pins the bound in at most six requests when a refusal names it, and by bisection within its budget otherwise', () => {
    for (const max of [2, 7, 100, 999, 1000, 1001, 4321, 65_535, PAGE_SIZE_CEILING]) {
      for (const says of [true, false]) {
        const { answers } = search(max, says);
        const served = answers.filter((a) => a.accepted).map((a) => a.limit);
        const refused = answers.filter((a) => !a.accepted).map((a) => a.limit);
        expect([Math.max(...served), Math.min(...refused)], `max ${max}, named: ${says}`).toEqual([max, max + 1]);
        if (says) expect(answers.length, `max ${max}`).toBeLessThanOrEqual(6);
        expect(nextLimitToTry(answers)).toBeUndefined();
      }
    }
  });

  it('stops past the ceiling when every limit is served', () => {
    const { answers } = search(Infinity, false);
    expect(answers.at(-1)).toMatchObject({ limit: PAGE_SIZE_CEILING + 1, accepted: true });
    expect(nextLimitToTry(answers)).toBeUndefined();
  });
});

describe('the learner on a hand-made log', () => {
  it('redacts a key the deployment echoed into the example error body', () => {
    const echo = JSON.stringify({ error: { message: `unknown key ${TOKEN}` } });
    const views = [1, 2, 3].map((seq) => view(seq, '/workspaces', 401, { type: 'application/json', text: echo }));
    const learned = learnErrorFormat(views, redact);
    expect(learned.value?.format).toBe('any');
    const example = JSON.stringify(learned.value?.errorBody?.example);
    expect(example).toContain('unknown key');
    expect(redact.leaks(example)).toBe(false);
  });

  it('a listing served past the ceiling: maxPageSize 100000 and LIST-limit-maximum disabled', () => {
    const path = '/workspaces/ws_1/buckets/bkt_a/files';
    const views = [1000, 10_000, PAGE_SIZE_CEILING, PAGE_SIZE_CEILING + 1].map((limit, i) =>
      view(i, path, 200, { type: 'application/json', text: '{"data":[]}', query: { prefix: settings.runPrefix, limit: String(limit) } }),
    );
    const learned = learnDeployment(views, settings, redact);
    expect(learned.overrides).toEqual({ maxPageSize: PAGE_SIZE_CEILING, disable: ['LIST-limit-maximum'] });
    expect(learned.profile.overrides).toEqual(learned.overrides);
    expect(learned.lines).toContain('disabled LIST-limit-maximum: the listing has no maximum limit up to 100001');
  });
});
