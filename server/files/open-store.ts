import { join, resolve } from "node:path";
import type { Env } from "../env";
import { type FileStore, localFileStore } from "./store";

/** The store FILES_URL names: a folder (DATA_DIR/files when unset). */
export function openFileStore(env: Pick<Env, "FILES_URL" | "DATA_DIR">): FileStore {
  return localFileStore(resolve(env.FILES_URL ?? join(env.DATA_DIR, "files")));
}
