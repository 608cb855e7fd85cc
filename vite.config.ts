import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The API runs as its own process in development (npm run dev); vite proxies /v2 to it,
// so the console always talks to the same origin, as it does in production.
const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [react()],
  build: { outDir: "dist", sourcemap: false, chunkSizeWarningLimit: 4000 },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { "/v2": { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
