// Writes a learned profile where --learn says, after a last look for any key
// in it, and says where it went, what was learned and the overrides to paste.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Redactor } from '../http/redact.ts';
import type { LearnedDeployment } from './learn-profile.ts';

/** Writes the profile to `file`; the lines to print. Throws, writing nothing, if the profile would hold a key. */
export function writeLearnedProfile(file: string, learned: LearnedDeployment, redact: Redactor): string[] {
  const path = resolve(file);
  const text = `${JSON.stringify(learned.profile, null, 2)}\n`;
  // Every observation was redacted as it was read; a key found now is a bug, and the file must not exist.
  if (redact.leaks(text)) throw new Error(`the learned profile would hold a key; ${path} was not written (a bug: please report it)`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return [
    `Learned the deployment's choices into ${path}:`,
    ...learned.lines.map((l) => `  ${l}`),
    'Not learned (no override for them; disable their checks in the config if the deployment chose otherwise): success codes, listing shapes, strict request bodies, HEAD, scopes.',
    `Overrides for the suite's config (ready to paste): "overrides": ${JSON.stringify(learned.overrides)}`,
    `Play it: npx bucketkit mock --profile ${path}`,
  ];
}
