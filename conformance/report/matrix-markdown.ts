// The authorization matrix in Markdown: one compact table (a row per route
// and bucket column, a column per key, a symbol per cell), the keys' legend,
// then the broken cells, the refusals of keys that may call the route, and
// the cells no request proved, each listed by row.
import type { AuthorizationMatrix } from './authorization-matrix.ts';
import {
  bucketIdsText,
  bucketText,
  cellLists,
  matrixHeadline,
  matrixRows,
  scopesText,
  scopeText,
  shortRoute,
  SYMBOLS,
  symbolOf,
} from './matrix-text.ts';

const code = (text: string) => `\`${text.replace(/`/g, "'")}\``;
const escape = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** The matrix as a Markdown section under a heading of the given level ("##" in summary.md). */
export function matrixSection(matrix: AuthorizationMatrix, heading = '##'): string[] {
  const keys = matrix.keys.map((_, i) => `k${i + 1}`);
  const legend = Object.values(SYMBOLS).map((s) => `${s === SYMBOLS.broken ? `**${s.symbol}**` : code(s.symbol)} ${s.meaning}`);
  const lines = [
    `${heading} Authorization matrix`,
    '',
    `What each key should get on each route, in each bucket (from its declared scopes and bucketIds, with the config's \`overrides.scopes\`), against what every exchange of the run with that key showed there. ${matrixHeadline(matrix)}.`,
    '',
    `Legend: ${legend.join('; ')}. \`…\` stands for the path up to the bucket.`,
    '',
    '| key | name | scopes | buckets |',
    '|---|---|---|---|',
    ...matrix.keys.map(
      (k, i) => `| ${keys[i]} | ${escape(k.name)} | ${escape(scopesText(matrix, k))} | ${escape(bucketIdsText(matrix, k))} |`,
    ),
    '',
    `| route | scope | bucket | ${keys.join(' | ')} |`,
    `|---|---|---|${keys.map(() => ':-:').join('|')}|`,
  ];
  for (const row of matrixRows(matrix)) {
    // Broken cells in bold: the one thing a reader must not miss in a table of symbols.
    const symbols = row.cells.map((c) => (c.verdict === 'broken' ? `**${symbolOf(c)}**` : symbolOf(c)));
    lines.push(
      `| ${code(shortRoute(row.route))} | ${scopeText(row.route)} | ${escape(bucketText(matrix, row.bucket))} | ${symbols.join(' | ')} |`,
    );
  }
  for (const list of cellLists(matrix))
    lines.push(
      '',
      `${heading}# ${list.title}`,
      '',
      ...(list.note ? [list.note, ''] : []),
      ...list.rows.map((r) => `- ${code(r.route)}${r.bucket ? `, bucket ${r.bucket}` : ''}: ${escape(r.items.join('; '))}`),
    );
  return lines;
}

/** authorization-matrix.md: the matrix on its own, opened by a line saying which run it is. */
export function renderMatrixMarkdown(matrix: AuthorizationMatrix, runLine: string): string {
  return `${['# Authorization matrix', '', runLine, '', ...matrixSection(matrix, '##').slice(2)].join('\n')}\n`;
}
