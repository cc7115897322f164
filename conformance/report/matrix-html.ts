// The authorization matrix as a page of its own (attached to the HTML report):
// the table with a coloured symbol per cell and what the cell met on hover,
// the keys' legend and the lists of broken, refused and unproved cells. No
// script, no external resource: it opens from a report folder or an archive.
import type { AuthorizationMatrix, MatrixCell } from './authorization-matrix.ts';
import { observedText } from './matrix-cell.ts';
import {
  bucketIdsText,
  bucketText,
  cellLists,
  denyText,
  matrixHeadline,
  matrixRows,
  scopesText,
  scopeText,
  shortRoute,
  SYMBOLS,
  symbolOf,
} from './matrix-text.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1f2328; }
table { border-collapse: collapse; margin: 1rem 0; }
th, td { border: 1px solid #d0d7de; padding: 2px 6px; }
tbody th { text-align: left; font-weight: normal; }
th.key { vertical-align: bottom; font-weight: normal; }
th.key span { writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap; }
td.cell { text-align: center; min-width: 1.4em; }
td.proved.allow { background: #dafbe1; }
td.proved.deny { background: #eef7f0; }
td.broken { background: #cf222e; color: #fff; font-weight: bold; }
td.refused { background: #fff8c5; }
td.unserved { background: #eaeef2; }
td.unproved { color: #8c959f; }
code { font-size: 13px; }
`;

/** A cell's hover text: the key, what it should get and why, and what it met. */
function cellTitle(cell: MatrixCell, matrix: AuthorizationMatrix): string {
  const route = matrix.routes.find((r) => r.operationId === cell.operationId)!;
  const expected = cell.expected === 'allow' ? 'may call it' : `must be refused: ${denyText(cell, route)}`;
  return `${cell.key}: ${expected}; ${observedText(cell.observed) || 'no request'} (${cell.verdict})`;
}

/** authorization-matrix.html: the matrix as a standalone page, opened by a line saying which run it is. */
export function renderMatrixHtml(matrix: AuthorizationMatrix, runLine: string): string {
  const head = matrix.keys
    .map((k) => `<th class="key" title="${escapeHtml(scopesText(matrix, k))}"><span>${escapeHtml(k.name)}</span></th>`)
    .join('');
  const rows = matrixRows(matrix).map((row) => {
    const cells = row.cells.map(
      (c) => `<td class="cell ${c.verdict} ${c.expected}" title="${escapeHtml(cellTitle(c, matrix))}">${escapeHtml(symbolOf(c))}</td>`,
    );
    return `<tr><th><code>${escapeHtml(shortRoute(row.route))}</code></th><td>${escapeHtml(scopeText(row.route))}</td><td>${escapeHtml(bucketText(matrix, row.bucket))}</td>${cells.join('')}</tr>`;
  });
  const legend = Object.values(SYMBOLS).map((s) => `<li><b>${escapeHtml(s.symbol)}</b> ${escapeHtml(s.meaning)}</li>`);
  const keys = matrix.keys.map(
    (k) =>
      `<tr><td>${escapeHtml(k.name)}</td><td>${escapeHtml(scopesText(matrix, k))}</td><td>${escapeHtml(bucketIdsText(matrix, k))}</td></tr>`,
  );
  const lists = cellLists(matrix).map(
    (list) =>
      `<h2 id="${list.verdict}">${escapeHtml(list.title)}</h2>${list.note ? `<p>${escapeHtml(list.note)}</p>` : ''}<ul>${list.rows
        .map(
          (r) => `<li><code>${escapeHtml(r.route)}</code>${r.bucket ? `, bucket ${r.bucket}` : ''}: ${escapeHtml(r.items.join('; '))}</li>`,
        )
        .join('')}</ul>`,
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>Authorization matrix</title><style>${STYLE}</style></head>
<body>
<h1>Authorization matrix</h1>
<p>${escapeHtml(runLine)}</p>
<p>What each key should get on each route, in each bucket (from its declared scopes and bucketIds, with the config's <code>overrides.scopes</code>), against what every exchange of the run with that key showed there. <b>${escapeHtml(matrixHeadline(matrix))}</b>.</p>
<ul>${legend.join('')}</ul>
<table id="matrix"><thead><tr><th>route (… is the path up to the bucket)</th><th>scope</th><th>bucket</th>${head}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
<h2>Keys</h2>
<table><thead><tr><th>key</th><th>scopes</th><th>buckets</th></tr></thead><tbody>${keys.join('')}</tbody></table>
${lists.join('\n')}
</body></html>
`;
}
