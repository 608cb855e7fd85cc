import nodemailer, { type Transporter } from "nodemailer";
import type { Db } from "../db/client";
import { documents, sentEmails } from "../db/schema";
import { eq, inArray } from "drizzle-orm";
import type { FileStore, StoredFile } from "../files/store";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  template: string;
  related?: { type: string; id: number };
  /** Bearer secrets in the text (reset and invitation tokens): sent, but never stored or shown in Email History. */
  secrets?: string[];
  /**
   * Stored documents (server/files) sent as attachments. Each is copied into the file store as the mail's own document
   * (attachable SentEmail), so Email History keeps what was sent even after the original is replaced or removed.
   */
  attachments?: Array<{ documentId: number }>;
}

/** Attachments above this total are not sent (the mail's links still reach the files); SMTP servers refuse ~25 MB. */
export const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;

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
export function createMailer(db: Db, opts: { smtpUrl?: string; from: string; log?: (msg: string) => void; files?: FileStore }): Mailer {
  const transport: Transporter | null = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    async send(mail) {
      // A file that cannot be copied costs the attachment, never the mail (the text still carries its links).
      const copies = await copyAttachments(db, opts.files, mail.attachments ?? []).catch((error: unknown): AttachmentCopy[] => {
        opts.log?.(`mail (${mail.template}): attachments not copied: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      });
      const record = (tx: Db) =>
        tx
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
      // The mail and its attachments' rows are written together; a mail without attachments is one insert, as before.
      const write = async (): Promise<{ row: { id: number }; attached: Array<{ filename: string; content_type: string; storage_key: string }> }> => {
        if (!copies.length) return { row: (await record(db))[0], attached: [] };
        return db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const [inserted] = await record(tx);
          const docs = await tx
            .insert(documents)
            .values(copies.map((c) => ({ attachable_type: "SentEmail", attachable_id: inserted.id, filename: c.filename, content_type: c.content_type, byte_size: c.stored.byteSize, checksum: c.stored.checksum, storage_key: c.stored.key })))
            .returning();
          return { row: inserted, attached: docs };
        });
      };
      const { row, attached } = await write().catch(async (error: unknown) => {
        await Promise.all(copies.map((c) => opts.files?.remove(c.stored.key)));
        throw error;
      });
      if (!transport) return { id: row.id, status: "recorded" };
      try {
        const attachments = await Promise.all(attached.map(async (d) => ({ filename: d.filename, contentType: d.content_type, content: await opts.files!.open(d.storage_key) })));
        await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, attachments });
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

interface AttachmentCopy {
  filename: string;
  content_type: string;
  stored: StoredFile;
}

/** Copies the named documents' bytes for a mail (up to MAX_ATTACHMENT_BYTES in all; none without a file store). */
async function copyAttachments(db: Db, files: FileStore | undefined, wanted: Array<{ documentId: number }>): Promise<AttachmentCopy[]> {
  if (!files || wanted.length === 0) return [];
  const rows = await db.select().from(documents).where(inArray(documents.id, wanted.map((w) => w.documentId)));
  if (rows.reduce((sum, r) => sum + Number(r.byte_size), 0) > MAX_ATTACHMENT_BYTES) return [];
  const copies: AttachmentCopy[] = [];
  try {
    for (const r of rows.sort((a, b) => a.id - b.id)) copies.push({ filename: r.filename, content_type: r.content_type, stored: await files.put("sentemail", await files.open(r.storage_key)) });
  } catch (error) {
    await Promise.all(copies.map((c) => files.remove(c.stored.key)));
    throw error;
  }
  return copies;
}
