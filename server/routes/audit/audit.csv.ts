/** One audit row as the list answers it. */
export interface AuditRow {
  id: number;
  created_at: string | Date;
  author: string;
  staff_id: number | null;
  action: string;
  process: string;
  record_type: string;
  record_number: number | null;
  changes: Record<string, { previous_value: unknown; new_value: unknown }>;
}

const cell = (value: unknown): string => {
  const text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The audit export: one line per changed field (or one line for a row without fields), times in UTC. */
export function auditCsv(rows: AuditRow[]): string {
  const lines = [["When (UTC)", "Who", "Staff id", "Action", "Process", "Record type", "Record id", "Field", "From", "To"].join(",")];
  for (const row of rows) {
    const when = new Date(row.created_at).toISOString();
    const head = [when, row.author, row.staff_id, row.action, row.process, row.record_type, row.record_number];
    const fields = Object.entries(row.changes ?? {});
    if (fields.length === 0) lines.push([...head, "", "", ""].map(cell).join(","));
    for (const [field, change] of fields) lines.push([...head, field, change.previous_value, change.new_value].map(cell).join(","));
  }
  return `${lines.join("\n")}\n`;
}
