/** One measured figure. */
export interface BenchRow {
  name: string;
  value: string;
  target?: string;
  /** false when the figure misses its target. */
  ok?: boolean;
}

/** Figure name → value as last landed (bench/landed.json, written by `npm run bench -- --record`). */
export type LandedFigures = Record<string, string>;

/** The table, each figure beside the value that last landed (a regression shows). */
export function printTable(rows: BenchRow[], landed: LandedFigures = {}): string {
  const header = ['figure', 'value', 'landed', 'target'];
  const lines = rows.map((row) => [
    row.name,
    row.value,
    landed[row.name] ?? '—',
    row.target ? `${row.target}${row.ok === false ? ' (missed)' : ''}` : '',
  ]);
  const widths = header.map((_, column) =>
    Math.max(header[column]!.length, ...lines.map((line) => line[column]!.length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [
    format(header),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
    ...lines.map(format),
  ].join('\n');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Merges this run's figures into the landed ones (figures not measured this run are kept). */
export function recordFigures(rows: BenchRow[], landed: LandedFigures): LandedFigures {
  const next: LandedFigures = { ...landed };
  for (const row of rows) if (!row.value.startsWith('failed')) next[row.name] = row.value;
  return Object.fromEntries(Object.entries(next).sort(([a], [b]) => a.localeCompare(b)));
}
