// src/mocks/fixtures.ts: this app's own mock data, typed by the kit and checked against the contract when the mock starts.
import { defineFixtures } from 'bucketkit/fixtures';

export const fixtures = defineFixtures({
  workspaces: [
    {
      id: 'ws_acme',
      name: 'Acme',
      // Older than the seeded workspaces, so it is listed first.
      createdAt: '2020-01-06T09:00:00Z',
      buckets: [
        {
          id: 'bkt_reports',
          name: 'Reports',
          files: [
            { path: 'reports/q1.pdf', tags: ['finance'], description: 'First quarter' },
            { path: 'reports/notes.md', content: '# Notes\n\nRevenue is up.\n' },
            { path: 'reports/draft.pdf', trashed: true },
          ],
        },
      ],
    },
  ],
  keys: [{ name: 'viewer', scopes: ['workspaces:read', 'buckets:read', 'files:read'], bucketIds: ['bkt_reports'] }],
});
