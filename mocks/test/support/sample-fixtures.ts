// Test support: the fixtures the mock's tests share: a workspace with a
// bucket of three files (one in the trash) and a second bucket, and two keys.
import { defineFixtures } from '../../fixtures/fixture-types.ts';

export const ACME = 'ws_acme';
export const REPORTS = 'bkt_reports';
export const ARCHIVE = 'bkt_archive';
export const NOTES_TEXT = 'Quarterly notes: revenue up, costs flat.\n';

export const sampleFixtures = defineFixtures({
  workspaces: [
    {
      id: ACME,
      name: 'Acme',
      plan: 'team',
      buckets: [
        {
          id: REPORTS,
          name: 'Reports',
          files: [
            { path: 'reports/2026/q1.pdf', tags: ['finance', 'q1'], description: 'Q1 report' },
            { path: 'reports/2026/notes.txt', content: NOTES_TEXT },
            { path: 'reports/2025/draft.pdf', trashed: true },
          ],
          automations: [
            {
              name: 'Tag new reports',
              trigger: { event: 'file.uploaded', prefix: 'reports/' },
              action: { type: 'add_tags', tags: ['new'] },
            },
          ],
          suggestions: [{ file: 'reports/2026/q1.pdf', kind: 'add_tags', proposal: { tags: ['reviewed'] } }],
          shares: [{ file: 'reports/2026/q1.pdf', access: 'download' }],
          transfers: [{ direction: 'import', source: 's3://acme/reports', destination: 'reports/', bytesTotal: 2048, fileCount: 2 }],
        },
        { id: ARCHIVE, name: 'Archive', files: [{ path: 'old/2019.pdf', size: 4096 }] },
      ],
    },
  ],
  keys: [
    {
      name: 'alice',
      scopes: ['workspaces:read', 'buckets:read', 'files:read', 'files:write', 'files:download', 'automations:read'],
      bucketIds: [REPORTS],
    },
    { name: 'bob', token: 'bob-token-0123456789abcdef', scopes: ['files:read'] },
  ],
});
