// `npm run dev`: the API on API_PORT (default 3001, restarting on change) and vite on PORT (default 3000),
// which proxies /v2 to the API.
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
// Links in mail must open the console vite serves, not the API port.
const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? "3000"}`;
const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, PORT: apiPort, PUBLIC_URL: publicUrl } }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
