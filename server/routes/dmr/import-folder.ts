import { createReadStream } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { Db } from "../../db/client";
import type { FileStore } from "../../files/store";
import { ValidationError } from "../../lib/errors";
import { addCheckedFile } from "./dmr.service";

export interface FolderImportResult {
  added: string[];
  duplicates: string[];
  refused: Array<{ name: string; reason: string }>;
}

/**
 * Queues every PDF of a folder for DMR review (a carrier's drop folder, a scanner's output). Each file is checked
 * like an upload; a file already queued (same bytes) is skipped, a bad one is reported and the rest go on.
 */
export async function importFolder(db: Db, files: FileStore, folder: string, onFile?: (name: string, outcome: string) => void): Promise<FolderImportResult> {
  const result: FolderImportResult = { added: [], duplicates: [], refused: [] };
  const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isFile()).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    try {
      const { duplicate } = await addCheckedFile(db, files, { name: entry.name, body: createReadStream(join(folder, entry.name)), source: "folder" });
      (duplicate ? result.duplicates : result.added).push(entry.name);
      onFile?.(entry.name, duplicate ? "already queued" : "queued");
    } catch (error) {
      const reason = error instanceof ValidationError ? String((error.body as { message: string }).message) : error instanceof Error ? error.message : String(error);
      result.refused.push({ name: entry.name, reason });
      onFile?.(entry.name, `refused: ${reason}`);
    }
  }
  return result;
}
