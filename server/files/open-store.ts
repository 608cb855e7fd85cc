import { join, resolve } from "node:path";
import type { Env } from "../env";
import { parseS3Url, s3FileStore } from "./s3-store";
import { type FileStore, localFileStore } from "./store";

/** The store FILES_URL names: `s3://bucket/prefix`, or a folder (DATA_DIR/files when unset). */
export function openFileStore(env: Pick<Env, "FILES_URL" | "DATA_DIR" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">): FileStore {
  if (env.FILES_URL?.startsWith("s3://")) {
    return s3FileStore(parseS3Url(env.FILES_URL), {
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    });
  }
  return localFileStore(resolve(env.FILES_URL ?? join(env.DATA_DIR, "files")));
}
