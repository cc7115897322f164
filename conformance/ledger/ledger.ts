// The ledger: an append-only JSON-lines file of every resource a run creates
// (and every prior state it changes), so cleanup can undo it, even after a crash.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export type LedgerEntry =
  | { kind: 'run'; runId: string; baseUrl: string; workspaceId: string; runPrefix: string; at: string }
  | { kind: 'file'; bucketId: string; id: string; path: string }
  | { kind: 'created'; id: string; by: string }
  | { kind: 'intelligence'; bucketId: string; instructions: string | null }
  | { kind: 'cleaned'; id: string }
  // A file already in the bucket that checks used (the deployment took no upload): its tags and description as found.
  | { kind: 'borrowed'; bucketId: string; id: string; path: string; tags: string[] | null; description: string | null }
  // A file a failing check's reproduction command names: the run's own cleanup leaves it.
  | { kind: 'kept'; id: string; check: string };

/** Appends one entry; a short line with O_APPEND keeps concurrent workers from interleaving. */
export function appendLedger(path: string, entry: LedgerEntry): void {
  appendFileSync(path, `${JSON.stringify(entry)}\n`);
}

/** Reads a ledger; fails with the path when it is missing or has a broken line. */
export function readLedger(path: string): LedgerEntry[] {
  if (!existsSync(path)) throw new Error(`The ledger ${path} does not exist.`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line, i) => {
      try {
        return JSON.parse(line) as LedgerEntry;
      } catch {
        throw new Error(`The ledger ${path} has a broken line ${i + 1}.`);
      }
    });
}

export interface Pending {
  files: Extract<LedgerEntry, { kind: 'file' }>[];
  created: Extract<LedgerEntry, { kind: 'created' }>[];
  intelligence: Extract<LedgerEntry, { kind: 'intelligence' }>[];
  /** Borrowed files to put back as they were found (the first record of each). */
  borrowed: Extract<LedgerEntry, { kind: 'borrowed' }>[];
  /** File id → the failing checks whose reproduction needs it. */
  keptFor: Map<string, string[]>;
}

/** What is still to undo: entries not followed by a `cleaned` entry; the first recorded intelligence per bucket and state per borrowed file. */
export function pendingEntries(entries: LedgerEntry[]): Pending {
  const cleaned = new Set(entries.flatMap((e) => (e.kind === 'cleaned' ? [e.id] : [])));
  const firstIntelligence = new Map<string, Extract<LedgerEntry, { kind: 'intelligence' }>>();
  for (const e of entries) if (e.kind === 'intelligence' && !firstIntelligence.has(e.bucketId)) firstIntelligence.set(e.bucketId, e);
  const firstBorrowed = new Map<string, Extract<LedgerEntry, { kind: 'borrowed' }>>();
  for (const e of entries) if (e.kind === 'borrowed' && !firstBorrowed.has(e.id)) firstBorrowed.set(e.id, e);
  const keptFor = new Map<string, string[]>();
  for (const e of entries) if (e.kind === 'kept') keptFor.set(e.id, [...(keptFor.get(e.id) ?? []), e.check]);
  return {
    files: entries.filter((e): e is Extract<LedgerEntry, { kind: 'file' }> => e.kind === 'file' && !cleaned.has(e.id)),
    created: entries.filter((e): e is Extract<LedgerEntry, { kind: 'created' }> => e.kind === 'created' && !cleaned.has(e.id)),
    intelligence: [...firstIntelligence.values()].filter((e) => !cleaned.has(`intelligence:${e.bucketId}`)),
    borrowed: [...firstBorrowed.values()].filter((e) => !cleaned.has(`borrowed:${e.id}`)),
    keptFor,
  };
}
