// Reads the seed specification's own tables (endpoints, scopes, list-files
// parameters) and its "not shown" lines, so tests can hold the spec to them.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The seed specification, kept in the repository as it was given. */
export const seedPath = fileURLToPath(new URL('../seed/seed-spec.txt', import.meta.url));
export const seedText = (): string => readFileSync(seedPath, 'utf8');

export interface SeedEndpoint {
  method: string;
  pathShape: string;
  purpose: string;
  /** The scope column as written: a scope name, or the seed's words for a gap. */
  scopeCell: string;
}

function tableAfter(text: string, heading: string): string[][] {
  const start = text.indexOf(heading);
  if (start < 0) throw new Error(`Seed has no "${heading}"`);
  const rows: string[][] = [];
  for (const line of text.slice(start).split('\n').slice(1)) {
    if (!line.startsWith('|')) {
      if (rows.length > 0) break;
      continue;
    }
    rows.push(
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // header and separator rows
}

export function seedEndpoints(text = seedText()): SeedEndpoint[] {
  return tableAfter(text, '## 4. Endpoints').map(([method, pathShape, purpose, scopeCell]) => ({ method, pathShape, purpose, scopeCell }));
}

export function seedScopes(text = seedText()): string[] {
  return tableAfter(text, 'Scopes named:').map(([scope]) => scope);
}

export function seedListFileParams(text = seedText()): { name: string; type: string; meaning: string }[] {
  return tableAfter(text, '### File listing query parameters').map(([name, type, meaning]) => ({ name, type, meaning }));
}

/** Lines where the seed says it leaves something open. */
export function seedGapLines(text = seedText()): string[] {
  return text
    .split('\n')
    .filter((line) => /not shown|not given|nothing further is given/.test(line))
    .filter((line) => !line.includes('the words "not shown" mark the gap'));
}
