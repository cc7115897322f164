// Reads a profile file for `--profile FILE` (Node only) and checks it; a
// missing file, bad JSON or a field that breaks the format is an error that
// names the file and the field.
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { checkProfile, ProfileError, type MockProfile } from './check-profile.ts';

/** The checked profile in `path`; throws a ProfileError (or an Error naming the file) when it is not one. */
export function loadProfileFile(path: string): MockProfile {
  const file = resolve(path);
  if (!existsSync(file)) throw new Error(`No profile file at ${file}.`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  try {
    return checkProfile(value);
  } catch (error) {
    if (error instanceof ProfileError) throw new ProfileError(error.issues, file);
    throw error;
  }
}
