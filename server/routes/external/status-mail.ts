import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { queryRows } from "../../lib/list";

const LABEL: Record<string, string> = {
  EXTERNAL_VERIFIED: "verified",
  EXTERNAL_UNVERIFIED: "unverified",
  EXTERNAL_REJECTED: "rejected",
  CANCELLED: "cancelled (the policy lapsed)",
};

interface MailContext {
  number: string;
  status: string;
  account: string | null;
  to: string | null;
  customer: string | null;
}

/**
 * The policy and whom to tell about it: the account's contact email, else its owner's or first property manager's,
 * else the agency owner's.
 */
async function mailContext(app: FastifyInstance, policyId: number): Promise<MailContext | undefined> {
  const [row] = await queryRows<MailContext>(
    app.db,
    sql`SELECT po.number, po.status, ac.title AS account,
          coalesce(ac.contact_info->>'contact_email', (SELECT s.email FROM staffs s WHERE s.id = ac.staff_id),
            (SELECT s.email FROM staffs s WHERE s.organizable_type = 'Account' AND s.organizable_id = ac.id AND s.enabled ORDER BY s.id LIMIT 1),
            (SELECT s.email FROM staffs s WHERE s.id = ag.staff_id)) AS "to",
          (SELECT coalesce(p.full_name, u.email) FROM policy_users pu JOIN users u ON u.id = pu.user_id
             LEFT JOIN profiles p ON p.profileable_type = 'User' AND p.profileable_id = u.id
           WHERE pu.policy_id = po.id ORDER BY pu."primary" DESC, pu.id LIMIT 1) AS customer
        FROM policies po LEFT JOIN accounts ac ON ac.id = po.account_id LEFT JOIN agencies ag ON ag.id = po.agency_id
        WHERE po.id = ${policyId}`,
  );
  return row;
}

const subjectOf = (row: MailContext) => `The proof of coverage ${row.number}${row.customer ? ` of ${row.customer}` : ""}${row.account ? ` (${row.account})` : ""}`;
const reasonLines = (reasons?: string[]) => (reasons?.length ? ["", "Reasons:", ...reasons.map((r) => `- ${r}`)] : []);

/** Tells the property manager a proof of coverage changed status (reference section 4.3), reasons included; recorded in Email History either way. */
export async function mailStatusChange(app: FastifyInstance, policyId: number, reasons?: string[]): Promise<void> {
  const row = await mailContext(app, policyId);
  if (!row?.to || !LABEL[row.status]) return;
  const lines = [`${subjectOf(row)} is now ${LABEL[row.status]}.`, ...reasonLines(reasons)];
  await app.mailer.send({ to: row.to, subject: `Policy ${row.number} ${LABEL[row.status]}`, text: lines.join("\n"), template: "external_policy_status", related: { type: "Policy", id: policyId } });
}

/** Tells the property manager whether the updates they submitted to a verified proof were taken (issue 4 part 2). */
export async function mailRevisionOutcome(app: FastifyInstance, policyId: number, outcome: "approved" | "declined", reasons?: string[]): Promise<void> {
  const row = await mailContext(app, policyId);
  if (!row?.to) return;
  const lines = [`The updates submitted for ${subjectOf(row).replace(/^The /, "the ")} were ${outcome}.`, ...reasonLines(reasons)];
  await app.mailer.send({ to: row.to, subject: `Updates to policy ${row.number} ${outcome}`, text: lines.join("\n"), template: "policy_revision_outcome", related: { type: "Policy", id: policyId } });
}
