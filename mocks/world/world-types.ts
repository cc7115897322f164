// The shapes of the seeded world: the spec's own component types (from
// openapi/dist/api-types.ts), so the world cannot drift from the contract.
import type { components } from '../../openapi/dist/api-types.ts';

type Schemas = components['schemas'];
export type Workspace = Omit<Schemas['Workspace'], 'bucketCount'>;
export type Bucket = Omit<Schemas['Bucket'], 'fileCount' | 'totalSize'>;
export type FileRecord = Omit<Schemas['File'], 'score'>;
export type Automation = Schemas['Automation'];
export type Suggestion = Schemas['Suggestion'];
export type Share = Schemas['Share'];
export type Transfer = Schemas['Transfer'];
export type BackfillJob = Schemas['BackfillJob'];
export type TrashEntry = Schemas['TrashEntry'];
export type Problem = Schemas['Problem'];

/** The intelligence settings of a bucket (counts are derived when read). */
export interface IntelligenceSettings {
  bucketId: string;
  enabled: boolean;
  instructions: string | null;
  lastIndexedAt: string | null;
  updatedAt: string;
}

/** A seeded trashed file: the file and when it was trashed. */
export interface SeededTrash {
  file: FileRecord;
  trashedAt: string;
}

/** Everything the seed generates; plain data, never mutated by the store. */
export interface World {
  seed: number;
  workspaces: Workspace[];
  buckets: Bucket[];
  files: FileRecord[];
  trash: SeededTrash[];
  automations: Automation[];
  suggestions: Suggestion[];
  shares: Share[];
  transfers: Transfer[];
  intelligence: IntelligenceSettings[];
  /** Bytes of files that have them (fixtures); every other file's bytes are generated from its id. */
  contents?: Map<string, Uint8Array>;
}
