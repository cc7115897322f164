// The record of a run's outcomes, the one every report is built from: each
// process of a run (a Playwright worker, the in-process runner) appends, one
// JSON line at a time and as it happens, that a check started, how each check
// ended and how each of a user's own tests ended. A check that started and
// never ended (its process died, Playwright's timeout ended it) stays known.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckResult } from '../report/outcome.ts';
import type { UserTest } from '../report/summary.ts';

/** One line of a process's record. */
export type RecordLine = { kind: 'start'; id: string } | { kind: 'check'; result: CheckResult } | { kind: 'user'; test: UserTest };

/** What every process of a run recorded. */
export interface RunRecord {
  /** How each check ended, by id (the last result when a check ended twice). */
  checks: Map<string, CheckResult>;
  /** Checks that started and never ended, in the order they started. */
  unfinished: string[];
  /** The user's own tests, in the order they ended. */
  users: UserTest[];
}

const recordDir = (runDir: string) => join(runDir, 'record');

/** A process's writer of the record; `tag` names the process apart from every other of the run. */
export function recordWriter(runDir: string, tag: string) {
  const dir = recordDir(runDir);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${tag.replace(/[^\w.-]/g, '_')}.jsonl`);
  // Written at once: a process that dies after a line loses nothing it wrote.
  const write = (line: RecordLine) => appendFileSync(file, `${JSON.stringify(line)}\n`);
  return {
    started: (id: string) => write({ kind: 'start', id }),
    /** A check's result, without its steps (its report's steps are Playwright's, or the in-process runner's). */
    ended: ({ steps: _steps, ...result }: CheckResult) => write({ kind: 'check', result }),
    user: (test: UserTest) => write({ kind: 'user', test }),
  };
}

export type RecordWriter = ReturnType<typeof recordWriter>;

/** Reads every process's record of the run (a line cut short by a dying process is left out). */
export function readRecord(runDir: string): RunRecord {
  const dir = recordDir(runDir);
  const checks = new Map<string, CheckResult>();
  const started: string[] = [];
  const users: UserTest[] = [];
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.jsonl')) : [];
  for (const name of files.sort())
    for (const text of readFileSync(join(dir, name), 'utf8').split('\n')) {
      let line: RecordLine;
      try {
        line = JSON.parse(text) as RecordLine;
      } catch {
        continue;
      }
      if (line.kind === 'start') started.push(line.id);
      else if (line.kind === 'check') checks.set(line.result.id, line.result);
      else if (line.kind === 'user') users.push(line.test);
    }
  return { checks, unfinished: [...new Set(started)].filter((id) => !checks.has(id)), users };
}
