// Reads the PEM file of --ca (BUCKETKIT_CA): a missing or empty file is a usage error naming it.
import { existsSync, readFileSync } from 'node:fs';
import { UsageError } from './cli-args.ts';

/** The PEM text of a --ca file. */
export function readCa(path: string): string {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (!text.includes('-----BEGIN CERTIFICATE-----')) throw new UsageError(`--ca ${path}: not a PEM file of CA certificates.`);
  return text;
}
