/**
 * One cell of a CSV the console hands out (result files): quoted when it holds a comma, quote or line break, and a
 * value a spreadsheet would run as a formula (= + - @, a tab or carriage return first) written as text.
 */
export function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? "" : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Lines of cells as a CSV file (a final line break, as spreadsheets write them). */
export const csvLines = (rows: unknown[][]) => `${rows.map((r) => r.map(csvCell).join(",")).join("\n")}\n`;
