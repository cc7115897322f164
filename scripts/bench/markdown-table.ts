// Renders rows as a GitHub markdown table whose columns are padded, so it reads the same in a terminal.

/** A markdown table; every row must have as many cells as there are headers. */
export function renderTable(headers: string[], rows: string[][]): string {
  for (const [index, row] of rows.entries()) {
    if (row.length !== headers.length) throw new Error(`Row ${index} has ${row.length} cells, the table has ${headers.length} columns`);
  }
  const clean = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const all = [headers, ...rows].map((row) => row.map(clean));
  const widths = headers.map((_, col) => Math.max(3, ...all.map((row) => [...row[col]].length)));
  const line = (row: string[]) => `| ${row.map((cell, col) => cell + ' '.repeat(widths[col] - [...cell].length)).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(all[0]), rule, ...all.slice(1).map(line)].join('\n');
}

/** A number with thousands separators and a fixed count of decimals; "–" when not measured. */
export function formatNumber(value: number, decimals = 0): string {
  if (!Number.isFinite(value)) return '–';
  return value.toLocaleString('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

/** Milliseconds with two decimals below 10 ms and none above. */
export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return `${formatNumber(value, value < 10 ? 2 : 0)} ms`;
}

/** Whole milliseconds of a 1 ms-resolution histogram (autocannon): 0 means under 1 ms. */
export function formatCoarseMs(value: number): string {
  if (!Number.isFinite(value)) return '–';
  return value < 1 ? '<1 ms' : `${formatNumber(value)} ms`;
}

/** A ratio such as "7.31×"; "–" when either side was not measured. */
export function formatRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}×` : '–';
}
