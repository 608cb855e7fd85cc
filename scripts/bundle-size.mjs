// `node scripts/bundle-size.mjs` after `vite build`: the JavaScript the first screen loads (the entry script and
// the modules index.html preloads), and each screen's own chunks loaded on demand, in bytes and gzipped (level 9).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const dist = process.argv[2] ?? "dist";
const html = readFileSync(join(dist, "index.html"), "utf8");
const initial = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
const size = (file) => {
  const bytes = readFileSync(join(dist, file));
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const sum = (files) => files.map(size).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip }), { raw: 0, gzip: 0 });

const first = sum(initial);
console.log(`initial JavaScript: ${initial.length} files, ${kb(first.raw)}, ${kb(first.gzip)} gzipped`);
const rest = readdirSync(join(dist, "assets"))
  .filter((f) => /\.m?js$/.test(f) && !initial.includes(`assets/${f}`))
  .map((f) => ({ f, ...size(`assets/${f}`) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log(`loaded on demand: ${rest.length} files, ${kb(rest.reduce((a, b) => a + b.raw, 0))}, ${kb(rest.reduce((a, b) => a + b.gzip, 0))} gzipped`);
for (const { f, raw, gzip } of rest.slice(0, 15)) console.log(`  ${f.padEnd(48)} ${kb(raw).padStart(10)} ${kb(gzip).padStart(10)}`);
