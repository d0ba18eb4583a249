/** One measured figure. */
export interface BenchRow {
  name: string;
  value: string;
  target?: string;
  /** false when the figure misses its target. */
  ok?: boolean;
}

export function printTable(rows: BenchRow[]): string {
  const header = ['figure', 'value', 'target'];
  const lines = rows.map((row) => [row.name, row.value, row.target ? `${row.target}${row.ok === false ? ' (missed)' : ''}` : '']);
  const widths = header.map((_, column) => Math.max(header[column]!.length, ...lines.map((line) => line[column]!.length)));
  const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [format(header), `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`, ...lines.map(format)].join('\n');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
