import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/**
 * The console's weight (issue 11 goal: initial JavaScript ≤ 350 KB gzipped): the entry script and the modules
 * index.html preloads, gzipped at level 9, and the chunks left to load on demand. Reads the built `dist/`.
 */
export function measureBundle(dist = "dist") {
  const indexFile = join(dist, "index.html");
  if (!existsSync(indexFile)) return null;
  const html = readFileSync(indexFile, "utf8");
  const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const size = (file: string) => {
    const bytes = readFileSync(join(dist, file));
    return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  };
  const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
  const first = initial.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });
  const onDemand = readdirSync(join(dist, "assets")).filter((f) => /\.m?js$/.test(f) && !initial.includes(`assets/${f}`));
  return { initial_files: initial.length, initial_kb: kb(first.raw), initial_gzip_kb: kb(first.gzip), on_demand_chunks: onDemand.length };
}
