import { inArray, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { checkedFiles, documents, insurableImports, legacyPolicyImports, policyApplicationGroups } from "../db/schema";
import type { FileStore, StoreEntry } from "./store";

const BATCH = 500;

export interface SweepResult {
  /** Unfinished writes removed (an upload or export cut by a crash). */
  partial: number;
  /** Complete files no row points at (stored, then the process died before the row was written). */
  orphans: number;
}

/**
 * Removes what a crash leaves in the file store (issue 9, hole 7): unfinished writes, and files no document, DMR
 * file, mass-import group, property import or legacy policy import names. Only entries last written before `olderThan` are touched, so writes in flight on another process
 * sharing the store are left alone; with one process, at start, nothing is in flight and any age goes.
 */
export async function sweepFiles(db: Db, store: FileStore, olderThan: Date): Promise<SweepResult> {
  const result: SweepResult = { partial: 0, orphans: 0 };
  let batch: StoreEntry[] = [];
  const flush = async () => {
    const keys = batch.map((e) => e.key);
    const kept = new Set<string>();
    if (keys.length) {
      for (const row of await db.select({ key: documents.storage_key }).from(documents).where(inArray(documents.storage_key, keys))) kept.add(row.key);
      for (const row of await db.select({ key: checkedFiles.storage_key }).from(checkedFiles).where(inArray(checkedFiles.storage_key, keys))) kept.add(row.key);
      // A mass import's sheet stays while its group does (deleting the group removes it).
      for (const row of await db.select({ key: policyApplicationGroups.file_key }).from(policyApplicationGroups).where(inArray(policyApplicationGroups.file_key, keys))) {
        if (row.key) kept.add(row.key);
      }
      // Imports keep the file they read (a queued one reads it after a restart) and the result file they wrote.
      for (const table of [insurableImports, legacyPolicyImports]) {
        for (const row of await db
          .select({ file: table.storage_key, result: table.result_key })
          .from(table)
          .where(or(inArray(table.storage_key, keys), inArray(table.result_key, keys)))) {
          kept.add(row.file);
          if (row.result) kept.add(row.result);
        }
      }
    }
    for (const entry of batch) {
      if (kept.has(entry.key)) continue;
      await entry.remove();
      result.orphans++;
    }
    batch = [];
  };
  for await (const entry of store.entries()) {
    if (entry.modified >= olderThan) continue;
    if (entry.partial) {
      await entry.remove();
      result.partial++;
      continue;
    }
    batch.push(entry);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}
