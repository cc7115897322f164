// --merge: reads the summary.json of each shard's report dir, naming a missing
// dir or one that holds no summary (the set itself is judged by shard-set.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ShardSetError, type ShardPart } from './shard-set.ts';
import type { Summary } from './summary.ts';

/** Reads one shard report dir's summary; a problem comes back as a message, never as a raw fs error. */
function readPart(dir: string): ShardPart | string {
  if (!existsSync(dir)) return `${dir} does not exist (did that shard finish and its report get downloaded?)`;
  if (!statSync(dir).isDirectory()) return `${dir} is not a directory: give the shard's report dir (--report-dir of that run)`;
  const path = join(dir, 'summary.json');
  if (!existsSync(path)) return `${dir} has no summary.json (the shard did not finish, or this is not a conformance report dir)`;
  try {
    const summary = JSON.parse(readFileSync(path, 'utf8')) as Summary;
    if (!Array.isArray(summary.checks) || typeof summary.level !== 'string' || typeof summary.runId !== 'string')
      throw new Error('checks, level or runId missing');
    return { source: dir, summary };
  } catch (error) {
    return `${path} is not a conformance summary (${(error as Error).message})`;
  }
}

/** Reads every shard dir, naming each one that cannot be read. */
export function readShardParts(dirs: string[]): ShardPart[] {
  const read = dirs.map(readPart);
  const problems = read.filter((r): r is string => typeof r === 'string');
  if (problems.length) throw new ShardSetError(`Cannot merge:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  return read as ShardPart[];
}
