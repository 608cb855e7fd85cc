export type MailStatus = "recorded" | "sent" | "failed";

/** A recorded mail (GET /sent_emails). */
export interface SentEmail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  template: string;
  related_type: string | null;
  related_id: number | null;
  status: MailStatus;
  error?: string | null;
  created_at: string;
  attachments?: MailAttachment[];
}

/** A file sent with a mail (a copy kept with it), downloaded through GET /sent_emails/{id}/attachments/{id}. */
export interface MailAttachment {
  id: number;
  filename: string;
  content_type: string;
  byte_size: number;
}
