import type { Readable } from "node:stream";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { documents } from "../db/schema";
import type { FileStore } from "./store";
import { signDocumentLink } from "./signed-links";

export type DocumentRow = typeof documents.$inferSelect;

export interface DocumentJson {
  id: number;
  filename: string;
  content_type: string;
  byte_size: number;
  url: string;
}

export interface Attachable {
  type: string;
  id: number;
}

/** Streams a file into the store and records it against `owner`. */
export async function attachDocument(
  db: Db,
  store: FileStore,
  owner: Attachable,
  file: { filename: string; contentType: string; body: Readable; maxBytes?: number },
): Promise<DocumentRow> {
  const stored = await store.put(owner.type.toLowerCase(), file.body, { maxBytes: file.maxBytes });
  const [row] = await db
    .insert(documents)
    .values({
      attachable_type: owner.type,
      attachable_id: owner.id,
      filename: file.filename,
      content_type: file.contentType,
      byte_size: stored.byteSize,
      checksum: stored.checksum,
      storage_key: stored.key,
    })
    .returning();
  return row;
}

export async function documentsOf(db: Db, owner: Attachable): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.attachable_type, owner.type), eq(documents.attachable_id, owner.id)))
    .orderBy(documents.id);
}

export function documentJson(row: Pick<DocumentRow, "id" | "filename" | "content_type" | "byte_size">, secret: string): DocumentJson {
  return { id: row.id, filename: row.filename, content_type: row.content_type, byte_size: row.byte_size, url: signDocumentLink(row.id, secret) };
}

/** Removes the rows and their bytes. */
export async function removeDocuments(db: Db, store: FileStore, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.delete(documents).where(inArray(documents.id, ids)).returning();
  await Promise.all(rows.map((row) => store.remove(row.storage_key)));
}
