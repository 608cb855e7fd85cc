import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, opendir, rename, rm, stat } from "node:fs/promises";
import { dirname, join, relative, resolve } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredFile {
  key: string;
  byteSize: number;
  /** SHA-256, hex. */
  checksum: string;
}

/** A file found in the store by the sweep at start (server/files/sweep.ts). */
export interface StoreEntry {
  key: string;
  modified: Date;
  /** A write that never finished (a crash or a cut body): never a file anyone can download. */
  partial: boolean;
  remove(): Promise<void>;
}

/**
 * Where file bytes live (DESIGN.md section 2): a folder under DATA_DIR by default, or an S3 bucket (s3-store.ts).
 * Files are streamed in and out, never held whole in memory. A file appears under its key only once complete: the
 * folder store writes `<key>.partial` and renames it, S3 completes a multipart upload, so a crash mid-write leaves
 * no partial file under a real key, only a piece the sweep at start removes.
 */
export interface FileStore {
  /** Streams `body` into the store under a new key below `prefix`; `maxBytes` aborts (and removes) larger files. */
  put(prefix: string, body: Readable, opts?: { maxBytes?: number }): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every file and unfinished write in the store. */
  entries(): AsyncIterable<StoreEntry>;
}

const PARTIAL = ".partial";

/** Keys are `<owner type>/<yyyy-MM>/<uuid>`: spread over folders by month, never guessable. */
export const newKey = (prefix: string) => join(prefix, new Date().toISOString().slice(0, 7), randomUUID());

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
  }
}

/** Counts and hashes the bytes passing through, failing once `maxBytes` is exceeded. */
function measuring(maxBytes: number | undefined) {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (maxBytes !== undefined && size > maxBytes) return done(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ byteSize: size, checksum: hash.digest("hex") }) };
}

export function localFileStore(root: string): FileStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const path = resolve(base, key);
    // Keys are ours, but a stored key must never point outside the store.
    if (!path.startsWith(base + "/")) throw new Error(`Bad file key ${key}`);
    return path;
  };
  return {
    async put(prefix, body, opts = {}) {
      const key = newKey(prefix);
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const measure = measuring(opts.maxBytes);
      try {
        await pipeline(body, measure.stream, createWriteStream(path + PARTIAL));
        await rename(path + PARTIAL, path);
      } catch (error) {
        await rm(path + PARTIAL, { force: true });
        throw error;
      }
      return { key, ...measure.result() };
    },
    async open(key) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async *entries() {
      async function* walk(dir: string): AsyncGenerator<StoreEntry> {
        let handle;
        try {
          handle = await opendir(dir);
        } catch {
          return; // nothing stored yet
        }
        for await (const item of handle) {
          const path = join(dir, item.name);
          if (item.isDirectory()) yield* walk(path);
          else if (item.isFile()) {
            const partial = item.name.endsWith(PARTIAL);
            const info = await stat(path).catch(() => null);
            if (!info) continue;
            const key = relative(base, partial ? path.slice(0, -PARTIAL.length) : path);
            yield { key, modified: info.mtime, partial, remove: () => rm(path, { force: true }) };
          }
        }
      }
      yield* walk(base);
    },
  };
}
