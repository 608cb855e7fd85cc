import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** A local S3-compatible server (s3rver) on a free loopback port with one bucket, and the settings that reach it. */
export async function startLocalS3(bucket = "coverdesk-test") {
  const directory = mkdtempSync(join(tmpdir(), "coverdesk-s3-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    bucket,
    directory,
    /** The environment of an API process using this bucket (README "Configuration"). */
    env: {
      FILES_URL: `s3://${bucket}/coverdesk`,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
