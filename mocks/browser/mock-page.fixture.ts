// Playwright fixtures for the MSW browser test: the bundled page served once
// per worker, and per test a fresh page whose MSW worker is running.
import { test as base, expect, type Page } from '@playwright/test';
import { buildTestPage } from './build-test-page.ts';
import { serveStatic, type StaticSite } from './static-server.ts';
import { isMockPath } from '../msw/msw-adapter.ts';
import type { MswTestPageState } from './test-page/page-entry.ts';

export interface PageResponse {
  status: number;
  contentType: string | null;
  body: any;
}

/** A page running the mock worker, driven through its own `fetch`. */
export class MockPage {
  /** Mock-path responses seen by Playwright, with whether a service worker produced them. */
  readonly mockResponses: { url: string; fromServiceWorker: boolean }[] = [];

  constructor(readonly page: Page) {
    page.on('response', (response) => {
      if (isMockPath(new URL(response.url()).pathname))
        this.mockResponses.push({ url: response.url(), fromServiceWorker: response.fromServiceWorker() });
    });
  }

  /** Calls `fetch(path, init)` inside the page; a JSON body comes back parsed, any other as text; a network error is status 0. */
  fetch(path: string, init: { method?: string; token?: string; json?: unknown } = {}): Promise<PageResponse> {
    return this.page.evaluate(
      async ({ path, init }) => {
        const headers: Record<string, string> = {};
        if (init.token) headers.Authorization = `Bearer ${init.token}`;
        if (init.json !== undefined) headers['Content-Type'] = 'application/json';
        let response: Response;
        try {
          response = await fetch(path, {
            method: init.method ?? 'GET',
            headers,
            body: init.json === undefined ? undefined : JSON.stringify(init.json),
          });
        } catch (error) {
          return { status: 0, contentType: null, body: `${(error as Error).name}: ${(error as Error).message}` };
        }
        const text = await response.text();
        const contentType = response.headers.get('content-type');
        return { status: response.status, contentType, body: contentType?.includes('json') && text ? JSON.parse(text) : text };
      },
      { path, init },
    );
  }

  /** Mints a key through the mock's control API, from inside the page. */
  async mintKey(scopes: readonly string[], bucketIds: readonly string[] | null): Promise<string> {
    const minted = await this.fetch('/__mock/keys', { method: 'POST', json: { scopes, bucketIds } });
    expect(minted.status, JSON.stringify(minted.body)).toBe(201);
    return minted.body.token;
  }

  /** What the page's MSW life-cycle listeners recorded. */
  events(): Promise<MswTestPageState> {
    return this.page.evaluate(() => (globalThis as unknown as { mswTest: MswTestPageState }).mswTest);
  }
}

/** A page whose mock has the test fixtures; navigated, its worker running. */
async function openPage(page: Page, url: string): Promise<MockPage> {
  const mockPage = new MockPage(page);
  await page.goto(url);
  await expect(page.locator('#status')).toHaveText('ready');
  return mockPage;
}

export const test = base.extend<{ mockPage: MockPage; fixturesPage: MockPage }, { site: StaticSite }>({
  site: [
    async ({}, use) => {
      const built = await buildTestPage();
      const site = await serveStatic(built.dir);
      try {
        await use(site);
      } finally {
        await site.close();
        await built.remove();
      }
    },
    { scope: 'worker' },
  ],
  mockPage: async ({ page, site }, use) => {
    await use(await openPage(page, `${site.origin}/`));
  },
  fixturesPage: async ({ page, site }, use) => {
    await use(await openPage(page, `${site.origin}/?fixtures`));
  },
});

export { expect };
