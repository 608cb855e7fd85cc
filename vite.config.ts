import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { defineConfig, type Plugin } from "vite";
import react from "@vitejs/plugin-react";

// The API runs as its own process in development (npm run dev); vite proxies /v2 to it,
// so the console always talks to the same origin, as it does in production.
const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * Writes a `.br` and a `.gz` beside every built text asset over 1 KB, at the highest levels: the server sends them as
 * they are (@fastify/static preCompressed), so no request pays for compressing the console.
 */
function precompress(): Plugin {
  let outDir = "dist";
  const walk = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : [join(dir, name)]));
  return {
    name: "coverdesk-precompress",
    apply: "build",
    configResolved: (config) => void (outDir = config.build.outDir),
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(m?js|css|svg|json|txt|map|wasm)$/.test(file) || statSync(file).size < 1024) continue;
        const bytes = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/v2": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
