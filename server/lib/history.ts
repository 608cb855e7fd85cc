import type { Db } from "../db/client";
import { histories, type HistoryChanges } from "../db/schema";
import type { StaffUser } from "../routes/staffs/staff-user";

import type { HistoryAction, Process } from "../../src/domain/audit";

export type { Process } from "../../src/domain/audit";

export interface Author {
  name: string;
  staffId?: number;
}

export const SYSTEM_AUTHOR: Author = { name: "System" };

export function staffAuthor(user: StaffUser): Author {
  return { name: user.profile_attributes.full_name || user.email, staffId: user.id };
}

/** `{field: {previous_value, new_value}}` for the fields whose value changed. */
export function diffChanges(before: Record<string, unknown>, after: Record<string, unknown>, prefix = ""): HistoryChanges {
  const changes: HistoryChanges = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const previous = before[key];
    if (JSON.stringify(previous ?? null) !== JSON.stringify(value ?? null)) {
      changes[`${prefix}${key}`] = { previous_value: previous ?? null, new_value: value ?? null };
    }
  }
  return changes;
}

/** Writes one history row (DESIGN.md section 3); an update with nothing changed writes none. */
export async function recordHistory(
  db: Db,
  entry: {
    type: string;
    id: number;
    action: Exclude<HistoryAction, "sign_in" | "sign_in_failed" | "export" | "download">;
    author: Author;
    process: Process;
    changes?: HistoryChanges;
  },
): Promise<void> {
  if (entry.action === "update" && entry.changes && Object.keys(entry.changes).length === 0) return;
  await db.insert(histories).values(historyRow(entry));
}

type HistoryEntry = Parameters<typeof recordHistory>[1];

function historyRow(entry: HistoryEntry): typeof histories.$inferInsert {
  return {
    recordable_type: entry.type,
    recordable_id: entry.id,
    authorable_type: entry.author.staffId ? "Staff" : null,
    authorable_id: entry.author.staffId ?? null,
    author: entry.author.name,
    action: entry.action,
    process: entry.process,
    data: entry.changes ?? {},
  };
}

/** Many history rows at once (a sync writing thousands of records), in multi-row inserts; the same rows as recordHistory's. */
export async function recordHistories(db: Db, entries: HistoryEntry[], chunk = 500): Promise<void> {
  const rows = entries.filter((e) => !(e.action === "update" && e.changes && Object.keys(e.changes).length === 0)).map(historyRow);
  for (let i = 0; i < rows.length; i += chunk) await db.insert(histories).values(rows.slice(i, i + chunk));
}

/**
 * An audit event that changes no record (issue 17 section 4): a sign-in, a failed sign-in, an export, a document's
 * download. Written to the same table as the changes, so the audit log reads one place; `details` says what (the
 * email tried, the export's kind and filters, the file's name).
 */
export async function recordAuditEvent(
  db: Db,
  entry: {
    type: string;
    id: number | null;
    action: "sign_in" | "sign_in_failed" | "export" | "download";
    author: Author;
    process: Process;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  const data: HistoryChanges = {};
  for (const [key, value] of Object.entries(entry.details ?? {})) data[key] = { previous_value: null, new_value: value ?? null };
  await db.insert(histories).values({
    recordable_type: entry.type,
    recordable_id: entry.id,
    authorable_type: entry.author.staffId ? "Staff" : null,
    authorable_id: entry.author.staffId ?? null,
    author: entry.author.name,
    action: entry.action,
    process: entry.process,
    data,
  });
}
