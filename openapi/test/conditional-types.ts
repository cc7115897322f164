// Type-level proof, checked by `npm run typecheck` (not run by Vitest): the
// types generated from the spec state its conditional fields. Each line under
// `@ts-expect-error` must fail to compile, or the check itself fails.
import type { components, operations } from '../dist/api-types.ts';
import type { RequestBody } from '../contract/operation-types.ts';

type Schemas = components['schemas'];
type ListFilesQuery = NonNullable<operations['listFiles']['parameters']['query']>;

export const accepted = {
  scheduled: { event: 'schedule', cron: '0 2 * * *' } satisfies Schemas['AutomationTrigger'],
  uploaded: { event: 'file.uploaded', prefix: 'invoices/' } satisfies Schemas['AutomationTrigger'],
  move: { type: 'move', destination: 'archive/' } satisfies Schemas['AutomationAction'],
  tags: { type: 'add_tags', tags: ['invoice'] } satisfies Schemas['AutomationAction'],
  summarize: { type: 'summarize' } satisfies Schemas['AutomationAction'],
  suggestion: { fileId: 'file_1', kind: 'move', proposal: { path: 'archive/a.pdf' } } satisfies RequestBody<'createSuggestion'>,
  // The seed's flag value 1, as a typed client holds it and as it is sent.
  semanticNumber: { search: 'q3 revenue', semantic: 1 } satisfies ListFilesQuery,
  semanticString: { search: 'q3 revenue', semantic: '1' } satisfies ListFilesQuery,
};

export const refused = {
  // @ts-expect-error a scheduled trigger needs cron
  scheduleWithoutCron: { event: 'schedule' } satisfies Schemas['AutomationTrigger'],
  // @ts-expect-error cron belongs to the schedule trigger only
  uploadWithCron: { event: 'file.uploaded', cron: '0 2 * * *' } satisfies Schemas['AutomationTrigger'],
  // @ts-expect-error a move needs destination
  moveWithoutDestination: { type: 'move' } satisfies Schemas['AutomationAction'],
  // @ts-expect-error adding tags needs tags
  addTagsWithoutTags: { type: 'add_tags' } satisfies Schemas['AutomationAction'],
  // @ts-expect-error a move action takes no tags
  moveWithTags: { type: 'move', destination: 'archive/', tags: ['x'] } satisfies Schemas['AutomationAction'],
  automationMoveWithoutDestination: {
    name: 'Archive',
    trigger: { event: 'schedule', cron: '0 2 * * *' },
    // @ts-expect-error a move needs destination, inside a whole request body too
    action: { type: 'move' },
  } satisfies RequestBody<'createAutomation'>,
  // @ts-expect-error a move of files needs destination
  filesMoveWithoutDestination: { fileIds: ['file_1'] } satisfies RequestBody<'moveFiles'>,
  suggestionOfTheWrongProposal: {
    fileId: 'file_1',
    kind: 'add_tags',
    // @ts-expect-error an add_tags suggestion proposes tags, not a description
    proposal: { description: 'Quarterly revenue' },
  } satisfies RequestBody<'createSuggestion'>,
  // @ts-expect-error the flag is 1, nothing else
  semanticTwo: { search: 'x', semantic: 2 } satisfies ListFilesQuery,
};
