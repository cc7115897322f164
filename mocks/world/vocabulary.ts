// Word lists the world generator draws from with the seeded faker: bucket
// themes with their folders, file kinds with content types and sizes, tags.

/** A kind of file: extension, content type and a realistic size range (bytes). */
export interface FileKind {
  ext: string;
  contentType: string;
  minSize: number;
  maxSize: number;
}

// Sizes stay under 4 MiB so a presigned download can serve every seeded file in full.
export const FILE_KINDS: FileKind[] = [
  { ext: 'pdf', contentType: 'application/pdf', minSize: 40_000, maxSize: 3_800_000 },
  {
    ext: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    minSize: 12_000,
    maxSize: 900_000,
  },
  { ext: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', minSize: 8_000, maxSize: 1_500_000 },
  {
    ext: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    minSize: 200_000,
    maxSize: 4_000_000,
  },
  { ext: 'csv', contentType: 'text/csv', minSize: 600, maxSize: 700_000 },
  { ext: 'md', contentType: 'text/markdown', minSize: 300, maxSize: 40_000 },
  { ext: 'txt', contentType: 'text/plain', minSize: 100, maxSize: 20_000 },
  { ext: 'json', contentType: 'application/json', minSize: 200, maxSize: 90_000 },
  { ext: 'png', contentType: 'image/png', minSize: 20_000, maxSize: 2_500_000 },
  { ext: 'jpg', contentType: 'image/jpeg', minSize: 30_000, maxSize: 3_500_000 },
];

/** Bucket themes: a name, a description and the top-level folders of its files. */
export const BUCKET_THEMES = [
  { name: 'Finance', description: 'Reports, invoices and statements.', folders: ['reports', 'invoices', 'statements', 'budgets', 'tax'] },
  {
    name: 'Marketing',
    description: 'Campaigns, brand assets and market research.',
    folders: ['campaigns', 'brand', 'research', 'social', 'events'],
  },
  { name: 'Legal', description: 'Contracts, policies and compliance records.', folders: ['contracts', 'policies', 'compliance', 'nda'] },
  {
    name: 'Engineering',
    description: 'Design documents, runbooks and exports.',
    folders: ['design-docs', 'runbooks', 'exports', 'postmortems'],
  },
  { name: 'People', description: 'Hiring, onboarding and handbooks.', folders: ['hiring', 'onboarding', 'handbook', 'reviews'] },
  { name: 'Sales', description: 'Proposals, pipelines and customer notes.', folders: ['proposals', 'pipeline', 'customers', 'pricing'] },
] as const;

/** Words that name what a document is about; file names and descriptions use them. */
export const TOPICS = [
  'revenue',
  'forecast',
  'summary',
  'invoice',
  'contract',
  'roadmap',
  'budget',
  'audit',
  'pricing',
  'onboarding',
  'campaign',
  'brief',
  'minutes',
  'proposal',
  'report',
  'statement',
  'policy',
  'review',
  'plan',
  'analysis',
  'inventory',
  'payroll',
  'renewal',
  'launch',
  'survey',
  'benchmark',
  'checklist',
  'retrospective',
  'quote',
  'timeline',
];

export const TAGS = [
  'finance',
  'q1',
  'q2',
  'q3',
  'q4',
  'invoice',
  'contract',
  'draft',
  'final',
  'confidential',
  'legal',
  'hr',
  'marketing',
  'design',
  'report',
  'customer',
  'internal',
  'archive',
  'board',
  'review',
  'signed',
  'template',
  'urgent',
  'public',
  'sales',
  'engineering',
  'compliance',
  'budget',
  'forecast',
  'brand',
];

export const YEARS = ['2024', '2025', '2026'];

/** Where transfers come from or go to. */
export const TRANSFER_ENDPOINTS = ['drive://Shared', 's3://archive-bucket', 'dropbox://Team', 'sftp://files.example.com'];
