import type { Db } from "../db/client";
import { histories, type HistoryChanges } from "../db/schema";
import type { StaffUser } from "../routes/staffs/staff-user";

export type Process = "console" | "import" | "integration" | "job" | "seed" | "api";

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
    action: "create" | "update" | "remove" | "create_related" | "update_related" | "remove_related";
    author: Author;
    process: Process;
    changes?: HistoryChanges;
  },
): Promise<void> {
  if (entry.action === "update" && entry.changes && Object.keys(entry.changes).length === 0) return;
  await db.insert(histories).values({
    recordable_type: entry.type,
    recordable_id: entry.id,
    authorable_type: entry.author.staffId ? "Staff" : null,
    authorable_id: entry.author.staffId ?? null,
    author: entry.author.name,
    action: entry.action,
    process: entry.process,
    data: entry.changes ?? {},
  });
}
