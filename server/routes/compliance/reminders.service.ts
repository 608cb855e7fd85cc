import { sql } from "drizzle-orm";
import { addDays } from "../../../src/domain/requirements";
import type { Db } from "../../db/client";
import { complianceReminders } from "../../db/schema";
import { todayIn } from "../../compliance/timeline";
import { AppError, NotFoundError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import type { Scope } from "../../lib/scope";
import type { Mailer } from "../../mail/mailer";
import { type LinkContext, issueUploadLink } from "../upload-links/upload-links.service";
import { NOT_ON_LIST, subjectTypeOf, type Worklist, worklist } from "./worklists.service";

/** Days before a cover ends on which residents are reminded when the account's profile names none (issue 17). */
export const DEFAULT_REMINDER_DAYS = [30, 14, 3] as const;
export const REMINDERS_JOB = "compliance-reminders";
/** Every morning in Los Angeles (16:00 UTC is 8 or 9 am there), after the night's lease statuses and snapshots. */
export const REMINDERS_CRON = "0 16 * * *";
/** Why a worklist row gets no reminder from a bulk Remind (its reason in the results). */
export const ALREADY_REMINDED = "Already reminded today";
export const NO_ADDRESS = "No resident has an email address";

interface Resident {
  id: number;
  name: string;
  email: string | null;
}
interface ReminderRow {
  id: number;
  unit_id?: number | null;
  account_id?: number | null;
  reference?: string | null;
  number?: string | null;
  unit_title: string | null;
  community_title?: string | null;
  account_title: string | null;
  start_date?: string;
  end_date?: string | null;
  residents: Resident[];
}

function reminderText(list: Worklist | "schedule", row: ReminderRow, resident: Resident, link?: { url: string; expiresAt: Date }): { subject: string; text: string } {
  const place = [row.community_title, row.unit_title].filter(Boolean).join(", ") || "your home";
  const landlord = row.account_title ?? "your property manager";
  const why =
    list === "uninsured"
      ? `our records show no renters insurance for ${place}.`
      : list === "moving_in"
        ? `you move in to ${place} on ${row.start_date}, and we have no renters insurance for it yet.`
        : list === "pending"
          ? `the proof of insurance you sent for ${place} (policy ${row.number}) is still waiting for review.`
          : `your renters insurance for ${place} (policy ${row.number}) ends on ${row.end_date}, and we have nothing after it yet.`;
  const ask =
    list === "pending"
      ? "No action is needed if the policy is in force; reply to your property manager if anything has changed."
      : "Please send your property manager proof of a policy in force (the declarations page), or buy a policy through them.";
  return {
    subject: list === "pending" ? `Your proof of insurance for ${place} is being reviewed` : `Renters insurance needed for ${place}`,
    text: [
      `Hello ${resident.name},`,
      "",
      `${landlord} reminds you that ${why}`,
      ask,
      ...(link
        ? ["", "Send your proof of insurance here, no sign-in needed:", link.url, `The link is for you only, can be used once and expires on ${todayIn(new Date(link.expiresAt.getTime() - 1000))}.`]
        : []),
      "",
      "Thank you.",
    ].join("\n"),
  };
}

/**
 * Mails each resident of each row once a day at most: the reminder is claimed by its unique key first (subject,
 * resident, day), so two colleagues clicking together or the schedule running alongside send one mail between them.
 */
async function remindRows(db: Db, mailer: Mailer, links: LinkContext | undefined, list: Worklist | "schedule", kind: "Lease" | "Policy", rows: ReminderRow[], day: string, by: number | null) {
  const outcome = { sent: 0, already: 0, unreachable: 0 };
  for (const row of rows) {
    for (const resident of row.residents) {
      if (!resident.email) {
        outcome.unreachable++;
        continue;
      }
      const [claimed] = await db
        .insert(complianceReminders)
        .values({ subject_type: kind, subject_id: row.id, user_id: resident.id, day, reason: list, sent_by_id: by })
        .onConflictDoNothing()
        .returning({ id: complianceReminders.id });
      if (!claimed) {
        outcome.already++;
        continue;
      }
      // A proof already waiting for review needs no upload; every other reminder carries the resident's own link.
      const link =
        links && list !== "pending" && row.unit_id && row.account_id
          ? await issueUploadLink(db, links, { accountId: row.account_id, unitId: row.unit_id, leaseId: kind === "Lease" ? row.id : null, userId: resident.id, reason: list, byStaffId: by })
          : undefined;
      const mail = reminderText(list === "schedule" ? "expiring" : list, row, resident, link);
      const { id } = await mailer.send({ to: resident.email, ...mail, template: "compliance_reminder", related: { type: kind, id: row.id } });
      await db.execute(sql`UPDATE compliance_reminders SET sent_email_id = ${id} WHERE id = ${claimed.id}`);
      if (link) await db.execute(sql`UPDATE upload_links SET sent_email_id = ${id} WHERE id = ${link.id}`);
      outcome.sent++;
    }
  }
  return outcome;
}

/**
 * The worklists' bulk Remind, one row (server/lib/bulk.ts runs it on each picked or matching row): the residents of
 * a row still on the list in the caller's scope are mailed, each once a day at most. The row fails with its reason
 * when it has left the list, or when not one resident got a mail (all reminded today already, or none to write to).
 */
export async function remindRow(db: Db, mailer: Mailer, links: LinkContext | undefined, scope: Scope, list: Worklist, id: number, by: number, now = new Date()) {
  const { rows, today } = await worklist(db, scope, list, { page: 1, per: 1, ids: [id] }, now);
  if (!rows.length) throw new NotFoundError({ message: NOT_ON_LIST });
  const outcome = await remindRows(db, mailer, links, list, subjectTypeOf(list), rows as unknown as ReminderRow[], today, by);
  if (outcome.sent) return outcome;
  throw new AppError(422, { message: outcome.already ? ALREADY_REMINDED : NO_ADDRESS });
}

/** The days each account reminds on: its profile's, else the default. */
async function reminderDaysByAccount(db: Db): Promise<Map<number, number[]>> {
  const rows = await queryRows<{ account_id: number; reminder_days: number[] | null }>(
    db,
    sql`SELECT account_id, reminder_days FROM requirement_profiles WHERE insurable_id IS NULL AND reminder_days IS NOT NULL`,
  );
  return new Map(rows.map((r) => [r.account_id, r.reminder_days ?? [...DEFAULT_REMINDER_DAYS]]));
}

/**
 * The daily run: residents whose cover ends in exactly one of their account's reminder days (30, 14 and 3 by default),
 * with nothing after it yet, get one reminder; a policy is never mailed twice on one day (the same key as the button).
 */
export async function sendScheduledReminders(db: Db, mailer: Mailer, links?: LinkContext, now = new Date()) {
  const today = todayIn(now);
  const custom = await reminderDaysByAccount(db);
  const allDays = new Set<number>([...DEFAULT_REMINDER_DAYS, ...[...custom.values()].flat()]);
  const due = new Set([...allDays].map((d) => addDays(today, d)));
  const totals = { sent: 0, already: 0, unreachable: 0 };
  // The expiring worklist over the whole system, read page by page (it is short by nature: 30 days of endings).
  for (let page = 1; ; page++) {
    const { rows } = await worklist(db, { kind: "all" }, "expiring", { page, per: 500 }, now);
    const list = rows as unknown as Array<ReminderRow & { account_id: number | null }>;
    const dueNow = list.filter((r) => {
      if (!r.end_date || !due.has(r.end_date)) return false;
      const days = custom.get(r.account_id ?? -1) ?? DEFAULT_REMINDER_DAYS;
      return days.some((d) => addDays(today, d) === r.end_date);
    });
    const outcome = await remindRows(db, mailer, links, "schedule", "Policy", dueNow, today, null);
    totals.sent += outcome.sent;
    totals.already += outcome.already;
    totals.unreachable += outcome.unreachable;
    if (list.length < 500) break;
  }
  return totals;
}
