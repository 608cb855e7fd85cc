import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { afterAll, beforeAll, expect, it } from "vitest";
import { testEnv } from "../env";
import { startLocalS3 } from "../test/s3";
import { openFileStore } from "./open-store";
import type { FileStore } from "./store";
import { sweepFiles } from "./sweep";
import { openTestDatabase } from "../test/helpers";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let store: FileStore;
beforeAll(async () => {
  s3 = await startLocalS3();
  store = openFileStore(testEnv({ ...s3.env, FILES_SECRET: "s".repeat(32) }));
});
afterAll(() => s3?.close());

async function read(key: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(key)) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
async function keys() {
  const all: string[] = [];
  for await (const entry of store.entries()) all.push(entry.key);
  return all.sort();
}

it("keeps files in the bucket FILES_URL names: small ones in one PUT, large ones in parts, read back byte for byte", async () => {
  const small = Buffer.from("%PDF-1.4 a small proof");
  const large = randomBytes(11 * 1024 * 1024 + 123);
  const a = await store.put("policy", Readable.from([small]));
  // Streamed in 64 KiB pieces, as an upload or an export arrives.
  const pieces = Array.from({ length: Math.ceil(large.length / 65536) }, (_, i) => large.subarray(i * 65536, (i + 1) * 65536));
  const b = await store.put("export", Readable.from(pieces));
  expect(a).toMatchObject({ byteSize: small.length, checksum: createHash("sha256").update(small).digest("hex") });
  expect(b).toMatchObject({ byteSize: large.length, checksum: createHash("sha256").update(large).digest("hex") });
  expect(await read(a.key)).toEqual(small);
  expect((await read(b.key)).equals(large)).toBe(true);
  expect(await keys()).toEqual([a.key, b.key].sort());
  await store.remove(a.key);
  await store.remove(b.key);
  expect(await keys()).toEqual([]);
}, 60_000);

it("refuses a file over its limit and leaves nothing in the bucket", async () => {
  await expect(store.put("policy", Readable.from([randomBytes(2048)]), { maxBytes: 1024 })).rejects.toThrow("larger than 1024 bytes");
  async function* broken() {
    yield randomBytes(6 * 1024 * 1024);
    throw new Error("connection reset");
  }
  await expect(store.put("export", Readable.from(broken()))).rejects.toThrow("connection reset");
  expect(await keys()).toEqual([]);
}, 60_000);

it("sweeps objects no row names and keeps the rest", async () => {
  const database = await openTestDatabase();
  try {
    const orphan = await store.put("policy", Readable.from([Buffer.from("%PDF-1.4 orphan")]));
    expect(await sweepFiles(database.db, store, new Date(Date.now() + 1000))).toEqual({ partial: 0, orphans: 1 });
    expect(await keys()).not.toContain(orphan.key);
  } finally {
    await database.close();
  }
}, 60_000);
