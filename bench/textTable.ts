/** Right-aligned text tables, as every bench's part of `npm run bench`'s report prints them. */

/** Right-aligned columns (left-aligned where `left`); the first row is the header. */
export function formatTable(rows: string[][], left: number[] = []): string {
  const widths =
    rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  const line = (row: string[]) =>
    row
      .map((cell, column) =>
        left.includes(column) ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const [header, ...body] = rows;
  return [line(header ?? []), widths.map((width) => '-'.repeat(width)).join('  '), ...body.map(line)].join(
    '\n',
  );
}
