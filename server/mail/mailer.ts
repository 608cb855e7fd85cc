import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { sentEmails } from "../db/schema";
import { eq } from "drizzle-orm";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  related?: { type: string; id: number };
  /** Bearer secrets in the text (reset and invitation tokens): sent, but never stored or shown in Email History. */
  secrets?: string[];
}

export const MASKED = "[hidden]";

/** The text as Email History keeps it: every secret replaced by MASKED. */
export function maskSecrets(text: string, secrets: string[] = []): string {
  return secrets.filter(Boolean).reduce((masked, secret) => masked.split(secret).join(MASKED), text);
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<{ id: number; status: "recorded" | "sent" | "failed" }>;
}

/**
 * Every message is recorded first (the Email History screen reads it), then sent when SMTP_URL is set.
 * A send failure is recorded, never thrown at the caller: losing the SMTP server must not fail a sign-up.
 * The record holds the text with its secrets masked (issue 9, hole 9): only the recipient's copy carries the link.
 */
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log?: (msg: string) => void }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
        .insert(sentEmails)
        .values({
          to: mail.to,
          subject: mail.subject,
          text: maskSecrets(mail.text, mail.secrets),
          template: mail.template,
          related_type: mail.related?.type,
          related_id: mail.related?.id,
        })
        .returning({ id: sentEmails.id });
      if (!transport) return { id: row.id, status: "recorded" };
      try {
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.update(sentEmails).set({ status: "sent" }).where(eq(sentEmails.id, row.id));
        return { id: row.id, status: "sent" };
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        opts.log?.(`mail ${row.id} (${mail.template}) failed: ${maskSecrets(message, mail.secrets)}`);
        await db.update(sentEmails).set({ status: "failed", error: maskSecrets(message, mail.secrets) }).where(eq(sentEmails.id, row.id));
        return { id: row.id, status: "failed" };
      }
    },
  };
}
