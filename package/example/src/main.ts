// src/main.ts: the app starts the mock before its first request, then calls the API through the typed client.
import { createApiClient, listWorkspaces } from './api-client.ts';

async function enableMocking(): Promise<void> {
  if (import.meta.env.MODE !== 'development') return;
  // A dynamic import keeps the mock (and MSW) out of the production bundle.
  const { startMocking } = await import('./mocks/browser.ts');
  await startMocking();
}

async function renderApp(): Promise<void> {
  const key = window.mockKeys?.readOnly ?? '';
  const workspaces = await listWorkspaces(createApiClient(`${location.origin}/api/v1`, key));
  const list = document.querySelector('#workspaces')!;
  for (const workspace of workspaces) {
    const item = document.createElement('li');
    item.dataset.id = workspace.id;
    item.textContent = workspace.name;
    list.append(item);
  }
  document.querySelector('#status')!.textContent = 'ready';
}

enableMocking()
  .then(renderApp)
  .catch((error: Error) => {
    document.querySelector('#status')!.textContent = `failed: ${error.message}`;
  });
