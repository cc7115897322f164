// The set-up verifies every configured key first (the KEY checks) and keeps the
// verdicts, so that a failure on a key that does not behave as declared says the
// config may be at fault, not only the server.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CheckRun, PlannedCheck } from '../plan/check-types.ts';
import { keyOfCheck } from '../checks/key-checks.ts';
import { CheckFailure } from '../checks/assert.ts';

/** Key name → what it did unlike its declaration (redacted). */
export type KeyVerdicts = Record<string, string>;

const fileOf = (runDir: string) => join(runDir, 'key-verdicts.json');

/** Runs the planned KEY checks; a key that fails one gets a verdict. Harness errors decide nothing. */
export async function verifyKeys(
  plan: PlannedCheck[],
  context: (keys: Record<string, string[]>) => CheckRun,
  redact: (text: string) => string,
): Promise<KeyVerdicts> {
  const verdicts: KeyVerdicts = {};
  for (const planned of plan) {
    const key = keyOfCheck(planned.def.id);
    if (!key || planned.status !== 'run') continue;
    try {
      await planned.def.run(context(planned.keys));
    } catch (error) {
      if (error instanceof CheckFailure) verdicts[key] = redact(`expected ${error.expected}; got ${error.actual}`);
    }
  }
  return verdicts;
}

/** Keeps the verdicts in the target's run directory for every worker. */
export function writeKeyVerdicts(runDir: string, verdicts: KeyVerdicts): void {
  writeFileSync(fileOf(runDir), JSON.stringify(verdicts, null, 2));
}

const cached = new Map<string, KeyVerdicts>();

/** The verdicts the set-up wrote for a target (once per process and target). */
export function readKeyVerdicts(runDir: string): KeyVerdicts {
  const known = cached.get(runDir);
  if (known) return known;
  const path = fileOf(runDir);
  // Written by the set-up project before any check runs; absent when the set-up did not run.
  if (!existsSync(path)) return {};
  const verdicts = JSON.parse(readFileSync(path, 'utf8')) as KeyVerdicts;
  cached.set(runDir, verdicts);
  return verdicts;
}

/** A note for a failing check that used a misdeclared key, or '' when its keys behaved. */
export function misdeclaredKeyNote(planned: PlannedCheck, verdicts: KeyVerdicts): string {
  const names = [...new Set(Object.values(planned.keys).flat())].filter((name) => verdicts[name]);
  if (names.length === 0) return '';
  return ` (note: the key ${names.map((n) => `"${n}"`).join(', ')} did not behave as declared in the set-up, see KEY-${names[0]}-as-declared; this failure may come from the config rather than the server)`;
}
