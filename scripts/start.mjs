// `npm start`: builds the console when dist/ is missing or older than its sources, then runs the server
// (API + console) in this process, so Ctrl-C reaches it directly.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
const sources = Math.max(...["src", "index.html", "vite.config.ts", "public"].filter(existsSync).map(newestMtime));
if (built < sources) {
  console.log("Building the console (vite build)…");
  execSync("npx vite build --logLevel warn", { stdio: "inherit" });
}

const { register } = await import("tsx/esm/api");
register();
await import("../server/main.ts");
