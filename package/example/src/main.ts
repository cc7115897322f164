// src/main.ts: the app starts the mock before its first request, then calls the API through the typed client.
import { createApiClient, listBuckets, listFiles, listWorkspaces, retryOnce } from './api-client.ts';

async function enableMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'development') return;
  // A dynamic import keeps the mock (and MSW) out of the production bundle.
  const { startMocking } = await import('./mocks/browser.ts');
  await startMocking();
}

function show(listId: string, items: { id: string; text: string }[]): void {
  const list = document.querySelector(listId)!;
  for (const { id, text } of items) {
    const item = document.createElement('li');
    item.dataset.id = id;
    item.textContent = text;
    list.append(item);
  }
}

async function renderApp(): Promise<void> {
  const client = createApiClient(`${location.origin}/api/v1`, window.mockKeys?.readonly ?? '');
  const workspaces = await listWorkspaces(client);
  show('#workspaces', workspaces.map((w) => ({ id: w.id, text: w.name })));
  // The first workspace's first bucket: its files, with one retry when the server fails.
  const [bucket] = await listBuckets(client, workspaces[0].id);
  let retries = 0;
  const files = await retryOnce(() => listFiles(client, workspaces[0].id, bucket.id), () => retries++);
  show('#files', files.map((f) => ({ id: f.id, text: f.path })));
  document.querySelector('#retries')!.textContent = String(retries);
  document.querySelector('#status')!.textContent = 'ready';
}

enableMocking()
  .then(renderApp)
  .catch((error: Error) => {
    document.querySelector('#status')!.textContent = `failed: ${error.message}`;
  });
