import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { documentsOf } from "../../files/documents";
import { signDocumentLink } from "../../files/signed-links";
import { TooManyRequestsError, ValidationError } from "../../lib/errors";
import { queryRows } from "../../lib/list";
import { publicOrigin } from "../../lib/public-url";
import type { Actor } from "../../plugins/auth";
import { findPolicyRow } from "./policy-detail";

export const RESEND_INTERVAL_MS = 5 * 60 * 1000;
export const RESEND_TEMPLATE = "policy_documents";
const MAIL_LINK_TTL_SECONDS = 7 * 24 * 3600;
export const DOCUMENTS_SENT = "Documents were sent";
export const NOT_IN_SYSTEM = "Documents are sent for in-system policies only";

/** Policies being sent right now in this process: a double click must not pass the database check twice. */
const sending = new Set<number>();

/**
 * Mails every document of the policy to its primary customer as signed links (reference section 4.4), at most once
 * per policy every five minutes; the mail is recorded in Email History whether or not SMTP is configured.
 */
export async function resendPolicyDocuments(app: FastifyInstance, caller: Actor, id: number, options: { inSystemOnly?: boolean } = {}) {
  const row = await findPolicyRow(app, caller, id);
  // The grid's bulk resend keeps to the policies whose page offers Resend Documents: in-system ones (document 2 section 2).
  if (options.inSystemOnly && !row.policy_in_system) throw new ValidationError({ policy: NOT_IN_SYSTEM }, NOT_IN_SYSTEM);
  if (!row.primary_user) throw new ValidationError({ policy: "The policy has no primary customer" }, "The policy has no primary customer");
  const docs = await documentsOf(app.db, { type: "Policy", id });
  if (docs.length === 0) throw new ValidationError({ policy: "The policy has no documents" }, "The policy has no documents");
  if (sending.has(id)) throw new TooManyRequestsError(tooSoon());
  sending.add(id);
  try {
    const since = new Date(Date.now() - RESEND_INTERVAL_MS);
    const [recent] = await queryRows<{ id: number }>(
      app.db,
      sql`SELECT id FROM sent_emails WHERE template = ${RESEND_TEMPLATE} AND related_type = 'Policy' AND related_id = ${id} AND created_at > ${since} LIMIT 1`,
    );
    if (recent) throw new TooManyRequestsError(tooSoon());
    const links = docs.map((d) => `${d.filename}: ${publicOrigin(app.env)}${signDocumentLink(d.id, app.env.FILES_SECRET, MAIL_LINK_TTL_SECONDS)}`);
    await app.mailer.send({
      to: row.primary_user.email,
      subject: `Your policy ${row.number} documents`,
      text: [`Hello ${row.primary_user.full_name ?? ""},`.trim(), "", `Here are the documents of your policy ${row.number}:`, ...links, "", "The links are valid for 7 days."].join("\n"),
      template: RESEND_TEMPLATE,
      related: { type: "Policy", id },
      // The documents themselves go with the mail too (and stay readable in Email History).
      attachments: docs.map((d) => ({ documentId: d.id })),
    });
  } finally {
    sending.delete(id);
  }
  return { message: DOCUMENTS_SENT };
}

const tooSoon = () => "Documents of this policy were sent less than 5 minutes ago. Please try again later.";
