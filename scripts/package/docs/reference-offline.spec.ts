// The HTML reference works offline: the file names no external resource, and in Chromium with every
// non-file request refused the renderer still runs, a sidebar link opens its operation and the search finds it.
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { externalResources } from '../inline-redoc.ts';

const REFERENCE = fileURLToPath(new URL('../../../openapi/dist/reference.html', import.meta.url));

test.beforeAll(() => {
  if (!existsSync(REFERENCE)) throw new Error(`${REFERENCE} is missing: run "npm run build:spec" first.`);
});

test('the reference file names no external script, style, font or image', () => {
  const html = readFileSync(REFERENCE, 'utf8');
  expect(externalResources(html)).toEqual([]);
  expect(html).toContain('http-equiv="Content-Security-Policy"');
});

test.describe('in Chromium with the network refused', () => {
  // The renderer lays out the whole 3 MB reference on one core: on a busy two-core machine that alone can take most of
  // a minute, before the first click.
  test.describe.configure({ timeout: 150_000 });
  let leftTheMachine: string[];

  test.beforeEach(async ({ page }) => {
    leftTheMachine = [];
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (/^(file|data|blob):/.test(url)) return route.continue();
      leftTheMachine.push(url);
      return route.abort('internetdisconnected');
    });
    await page.goto(pathToFileURL(REFERENCE).href);
  });

  test.afterEach(() => {
    expect(leftTheMachine, 'requests for anything outside the file').toEqual([]);
  });

  test('a sidebar link opens its operation', async ({ page }) => {
    const menu = page.locator('[data-component-name="Menu/Menu"]');
    await menu.getByText('Files', { exact: true }).click();
    await menu.getByRole('link', { name: /List files of a bucket/ }).click();
    await expect(page).toHaveURL(/#\/files\/listfiles$/);
    await expect(page.getByRole('heading', { level: 2, name: /List files of a bucket$/ })).toBeInViewport();
  });

  test('the search box finds an operation and opens it', async ({ page }) => {
    await page.getByText('Search Ctrl+K').click();
    await page.getByPlaceholder('Search docs...').fill('presign');
    const results = page.locator('[data-component-name="Search/SearchItem"]');
    await expect(results.filter({ hasText: 'Obtain a presigned upload' })).toHaveCount(1);
    await expect(results.filter({ hasText: 'Obtain a presigned download' })).toHaveCount(1);
    await results.filter({ hasText: 'Obtain a presigned upload' }).click();
    await expect(page).toHaveURL(/#\/uploads\/presignupload$/);
  });
});
