// Finds the Markdown files of the kit and the fenced code blocks in them, with their language and line.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Snippet {
  /** Relative to the root, e.g. `README.md`. */
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  code: string;
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'reports', 'test-results', 'playwright-report', 'blob-report', '.bucketkit']);

/** Every `*.md` under `root`, generated and installed folders left out. */
export function markdownFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : markdownFiles(root, join(dir, entry.name));
    return entry.name.endsWith('.md') ? [relative(root, join(dir, entry.name))] : [];
  });
}

/** The fenced blocks of one Markdown text (``` or ~~~, any indentation of the fence is removed from the code). */
export function snippetsOf(file: string, text: string): Snippet[] {
  const snippets: Snippet[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++].slice(indent.length));
    snippets.push({ file, line: i + 1, lang: lang.toLowerCase(), code: body.join('\n') });
    i = j;
  }
  return snippets;
}

/** Every fenced block of every Markdown file under `root`. */
export function allSnippets(root: string): Snippet[] {
  return markdownFiles(root).flatMap((file) => snippetsOf(file, readFileSync(join(root, file), 'utf8')));
}
