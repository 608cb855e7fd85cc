import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from "@aws-sdk/client-s3";
import { FileTooLargeError, newKey, type FileStore, type StoreEntry } from "./store";

export interface S3Location {
  bucket: string;
  /** Folder inside the bucket, without leading or trailing slash ("" for the bucket's root). */
  prefix: string;
}

export interface S3Settings {
  region: string;
  /** An S3-compatible service (MinIO, R2, s3rver): its base URL, addressed path-style. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** `s3://bucket/some/prefix` → bucket and prefix. */
export function parseS3Url(url: string): S3Location {
  const { hostname, pathname } = new URL(url);
  return { bucket: hostname, prefix: pathname.replace(/^\/+|\/+$/g, "") };
}

/** S3 takes parts of at least 5 MiB (but the last); smaller files go in one PUT. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Files in an S3-compatible bucket (issue 11), for several API processes or machines sharing one store. A file is
 * sent in one PUT when it is under 5 MiB and as a multipart upload otherwise: either way S3 shows the object only
 * once it is complete, so a crash mid-write leaves no partial object under a key, only parts of an unfinished
 * multipart upload, which the sweep aborts (and a bucket lifecycle rule should too: docs/DEPLOY.md). At most one part
 * of each file is held in memory.
 */
export function s3FileStore(location: S3Location, settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const { bucket } = location;
  const base = location.prefix ? `${location.prefix}/` : "";
  const objectKey = (key: string) => {
    if (key.split("/").some((part) => part === ".." || part === "")) throw new Error(`Bad file key ${key}`);
    return base + key;
  };

  return {
    async put(prefix, body, opts = {}) {
      const key = newKey(prefix);
      const target = objectKey(key);
      const hash = createHash("sha256");
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      let uploadId: string | undefined;
      const parts: Array<{ PartNumber: number; ETag: string }> = [];
      const sendPart = async () => {
        const data = Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
        if (!uploadId) {
          const created = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: target }));
          uploadId = created.UploadId!;
        }
        const PartNumber = parts.length + 1;
        const sent = await client.send(new UploadPartCommand({ Bucket: bucket, Key: target, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.length }));
        parts.push({ PartNumber, ETag: sent.ETag! });
      };
      try {
        for await (const raw of body) {
          const chunk = Buffer.isBuffer(raw) ? raw : Buffer.from(raw as string);
          size += chunk.length;
          if (opts.maxBytes !== undefined && size > opts.maxBytes) throw new FileTooLargeError(opts.maxBytes);
          hash.update(chunk);
          pending.push(chunk);
          pendingBytes += chunk.length;
          if (pendingBytes >= PART_BYTES) await sendPart();
        }
        if (!uploadId) {
          const data = Buffer.concat(pending);
          await client.send(new PutObjectCommand({ Bucket: bucket, Key: target, Body: data, ContentLength: data.length }));
        } else {
          if (pendingBytes > 0) await sendPart();
          await client.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
        }
      } catch (error) {
        if (uploadId) await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: target, UploadId: uploadId })).catch(() => undefined);
        body.destroy();
        throw error;
      }
      return { key, byteSize: size, checksum: hash.digest("hex") };
    },
    async open(key) {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
      return object.Body as Readable;
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    async *entries(): AsyncGenerator<StoreEntry> {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          const Key = object.Key!;
          yield { key: Key.slice(base.length), modified: object.LastModified ?? new Date(0), partial: false, remove: () => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })).then(() => undefined) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      // Unfinished multipart uploads: a crash mid-write. Some S3-compatible servers cannot list them; the bucket's
      // lifecycle rule then removes them.
      let listed;
      try {
        listed = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: base }));
      } catch {
        return;
      }
      for (const upload of listed.Uploads ?? []) {
        const { Key, UploadId } = upload;
        if (!Key || !UploadId) continue;
        yield {
          key: Key.slice(base.length),
          modified: upload.Initiated ?? new Date(0),
          partial: true,
          remove: () => client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).then(() => undefined),
        };
      }
    },
  };
}
