/**
 * `npm run dev`: the API (restarting on change) on :3000 and Vite with hot reload on :5173,
 * which forwards /api, /dev and /content-images to the API. Open http://localhost:5173.
 */
import { spawn, type ChildProcess } from "node:child_process";

const children: ChildProcess[] = [];
const start = (name: string, command: string, args: string[], env: Record<string, string> = {}) => {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  child.on("exit", (code) => {
    console.error(`${name} stopped (${code ?? "signal"}); stopping the rest`);
    stop();
  });
  children.push(child);
};
const stop = () => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  process.exitCode = 1;
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

start("api", process.execPath, ["--import", "tsx", "--watch", "src/server/main.ts"], {
  PORT: process.env.PORT ?? "3000",
  APP_ORIGIN: process.env.APP_ORIGIN ?? "http://localhost:5173",
});
start("vite", process.execPath, ["node_modules/vite/bin/vite.js"]);
