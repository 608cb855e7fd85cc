import { randomBytes } from "node:crypto";

/** A multipart/form-data body for app.inject: files (and optional text fields), as a browser would send them. */
export function multipart(parts: Array<{ field: string; filename?: string; contentType?: string; content: Buffer | string }>) {
  const boundary = `----coverdesk${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename ? `form-data; name="${part.field}"; filename="${part.filename}"` : `form-data; name="${part.field}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n` : ""}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content), Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
