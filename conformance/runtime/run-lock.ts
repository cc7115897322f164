// A lock shared by every worker of a run (a directory created atomically in the
// run directory), for checks that change bucket-wide state and read it back.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Runs `work` while holding the named lock; gives up waiting after `timeoutMs`. */
export async function withRunLock<T>(runDir: string, name: string, work: () => Promise<T>, timeoutMs = 30_000): Promise<T> {
  const path = join(runDir, `lock-${name}`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(path);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for the run lock ${name}`, { cause: error });
      await sleep(20);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { recursive: true, force: true });
  }
}
