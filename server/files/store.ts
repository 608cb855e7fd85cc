import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

export interface StoredFile {
  key: string;
  byteSize: number;
  /** SHA-256, hex. */
  checksum: string;
}

/**
 * Where file bytes live (DESIGN.md section 2): a folder under DATA_DIR by default. Files are streamed in and out,
 * never held whole in memory; an S3-compatible store can implement the same three calls.
 */
export interface FileStore {
  /** Streams `body` into the store under a new key below `prefix`; `maxBytes` aborts (and removes) larger files. */
  put(prefix: string, body: Readable, opts?: { maxBytes?: number }): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
}

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
      const key = join(prefix, new Date().toISOString().slice(0, 7), randomUUID());
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const measure = measuring(opts.maxBytes);
      try {
        await pipeline(body, measure.stream, createWriteStream(path));
      } catch (error) {
        await rm(path, { force: true });
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
  };
}
