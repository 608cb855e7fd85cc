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

/** What became of one row of an imported file (issue 16 section 5: the result file's `result` column). */
export const ROW_OUTCOMES = ["created", "existed", "updated", "error", "not_imported"] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];
export type OutcomeCounts = Record<RowOutcome, number>;

/** The message of the rows an all-or-nothing import left out because others were refused. */
export const NOT_IMPORTED = "Nothing from the file was imported: fix the rows in error and upload it again";

/**
 * An import's result file: the file's header and data rows (rows numbered as a spreadsheet shows them, the header
 * being row 1), each followed by its outcome and message, and how many rows had each outcome. `extra` are refusals
 * of rows past the ones given (a whole-file refusal naming a row the file lacks).
 */
export function resultFile(cells: string[][], outcomeOf: (row: number) => [RowOutcome, string], extra: Array<[number, string]> = []) {
  const width = Math.max(0, ...cells.map((c) => c.length));
  const pad = (c: string[] = []) => Array.from({ length: width }, (_v, i) => c[i] ?? "");
  const counts = Object.fromEntries(ROW_OUTCOMES.map((o) => [o, 0])) as OutcomeCounts;
  const lines: unknown[][] = [[...pad(cells[0]), "result", "message"]];
  for (let i = 1; i < cells.length; i++) {
    const outcome = outcomeOf(i + 1);
    counts[outcome[0]]++;
    lines.push([...pad(cells[i]), ...outcome]);
  }
  for (const [row, message] of extra) {
    counts.error++;
    lines.push([...pad(cells[row - 1]), "error", message]);
  }
  return { csv: csvLines(lines), counts };
}
