import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { checkedFiles, documents } from "../db/schema";
import { jsonValue, text } from "../lib/input";
import { recordAuditEvent } from "../lib/history";
import { contentDisposition } from "./content-disposition";
import { verifyFileToken } from "./signed-links";

/**
 * `GET /v2/files/{token}`: streams a document or a review-queue file for a valid signed link (signed-links.ts);
 * no auth headers needed. `?inline=1` lets the browser show it instead of downloading it.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { params: z.object({ token: text(500) }), querystring: z.object({ inline: text(10).optional() }).catchall(jsonValue) };
  app.get("/files/:token", { schema }, async (request, reply) => {
    const linked = verifyFileToken(request.params.token, app.env.FILES_SECRET);
    if (!linked) return reply.code(404).send({ error: "not_found", message: "This link has expired or is not valid" });
    const file =
      linked.kind === "document"
        ? (await app.db.select().from(documents).where(eq(documents.id, linked.id)))[0]
        : (await app.db.select({ filename: checkedFiles.name, content_type: checkedFiles.content_type, byte_size: checkedFiles.byte_size, storage_key: checkedFiles.storage_key }).from(checkedFiles).where(eq(checkedFiles.id, linked.id)))[0];
    if (!file) return reply.code(404).send({ error: "not_found", message: "This file no longer exists" });
    // The link is the credential (signed for whoever could see the record), so the audit names the link, not a person.
    await recordAuditEvent(app.db, {
      type: linked.kind === "document" ? "Document" : "CheckedFile",
      id: linked.id,
      action: "download",
      author: { name: "Signed link" },
      process: "api",
      details: { file: file.filename },
    });
    return sendStoredFile(app, reply, file, request.query.inline ? "inline" : "attachment");
  });
};

/** Streams a stored file with its type, size and a safe file name. */
export async function sendStoredFile(
  app: { files: { open(key: string): Promise<NodeJS.ReadableStream> } },
  reply: import("fastify").FastifyReply,
  file: { filename: string; content_type: string; byte_size: number; storage_key: string },
  disposition: "inline" | "attachment",
) {
  const body = await app.files.open(file.storage_key);
  return reply
    .header("content-type", file.content_type)
    .header("content-length", file.byte_size)
    .header("content-disposition", contentDisposition(disposition, file.filename))
    .header("cache-control", "private, max-age=300")
    .send(body);
}
