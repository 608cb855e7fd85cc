import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { freePort, type ServerProcess, signInOver, sleep, startServerProcess, until } from "../../server/test/server-process";

/**
 * Issue 9 section 2, the crash test: the real server (server/main.ts, embedded database in a fresh DATA_DIR) is
 * killed with SIGKILL while an export is being written and an upload is half sent, then started again. The export
 * must complete after the restart, and the store must hold no partial file and nothing no record names.
 */
const dataDir = mkdtempSync(join(tmpdir(), "coverdesk-crash-"));
const filesDir = join(dataDir, "files");
const running: ServerProcess[] = [];
let upload: Socket | undefined;

afterAll(async () => {
  upload?.destroy();
  for (const server of running) await server.stop("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(port: number) {
  const server = await startServerProcess({ DATA_DIR: dataDir, API_PROCESSES: "1" }, port);
  running.push(server);
  return server;
}

/** Every file in the store, by key; unfinished writes end in `.partial`. */
function storeFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      if (item.isDirectory()) walk(join(dir, item.name));
      else found.push(relative(filesDir, join(dir, item.name)));
    }
  };
  walk(filesDir);
  return found.sort();
}

it("a server killed mid-export and mid-upload finishes the export after a restart and leaves no partial or orphan file", async () => {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const first = await startServer(port);

  const auth = await signInOver(base, "superadmin@coverdesk.test", "coverdesk");
  const before = storeFiles();
  expect(before.filter((f) => f.endsWith(".partial"))).toEqual([]);

  // An upload whose body stops half way: the server is streaming it into the store when it dies.
  upload = connect(port, "127.0.0.1");
  const boundary = "----coverdeskcrash";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="cut.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
  const headers = Object.entries(auth).map(([k, v]) => `${k}: ${v}\r\n`).join("");
  upload.write(
    `POST /v2/staff_super_admin/dmr/checked_files HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 1000000\r\n\r\n${head}%PDF-1.4\n`,
  );
  upload.write(Buffer.alloc(200_000, "0"));
  upload.on("error", () => undefined);
  await until("the upload to be in the store", () => storeFiles().some((f) => f.startsWith("checkedfile/") && f.endsWith(".partial")) || undefined, 20_000, 20);

  // An export of every policy, killed while its file is being written.
  const requested = await fetch(`${base}/v2/staff_super_admin/policies/export`, { headers: auth });
  const { export_id: exportId } = (await requested.json()) as { export_id: number };
  // The server runs in slices of a few milliseconds (SIGSTOP/SIGCONT) until the export's file is open, so the kill
  // lands mid-export however fast the export is.
  const deadline = Date.now() + 30_000;
  for (;;) {
    first.child.kill("SIGSTOP");
    if (storeFiles().some((f) => f.startsWith("export/") && f.endsWith(".partial"))) break;
    if (Date.now() > deadline) throw new Error("the export never started writing its file");
    first.child.kill("SIGCONT");
    await sleep(3);
  }
  await first.stop("SIGKILL");
  upload.destroy();
  const left = storeFiles().filter((f) => !before.includes(f));
  expect(left.filter((f) => !f.endsWith(".partial"))).toEqual([]);
  expect(left.filter((f) => f.endsWith(".partial")).map((f) => f.split("/")[0]).sort()).toEqual(["checkedfile", "export"]);

  const second = await startServer(port);
  const listed = await until(
    "the export to complete after the restart",
    async () => {
      const rows = (await (await fetch(`${base}/v2/staff_super_admin/exports`, { headers: auth })).json()) as Array<{ id: number; status: string; row_count: number; total_rows: number; download_url: string | null }>;
      const row = rows.find((r) => r.id === exportId);
      return row?.status === "ready" ? row : undefined;
    },
    60_000,
    250,
  );
  expect(listed.row_count).toBe(listed.total_rows);
  expect(listed.row_count).toBeGreaterThan(1000);
  const csv = await (await fetch(`${base}${listed.download_url}`)).text();
  expect(csv.trim().split("\r\n")).toHaveLength(listed.row_count + 1);

  // The sweep at start removed both pieces the crash left; the only new file is the finished export.
  const after = await until("the sweep", () => (storeFiles().some((f) => f.endsWith(".partial")) ? undefined : storeFiles()), 20_000, 100);
  const added = after.filter((f) => !before.includes(f));
  expect(added).toHaveLength(1);
  expect(added[0]).toMatch(/^export\/\d{4}-\d{2}\/[0-9a-f-]{36}$/);
  expect(before.filter((f) => !after.includes(f))).toEqual([]);

  await second.stop("SIGTERM");
}, 240_000);
