import { spawn } from "node:child_process";

export type ScriptRun = { code: number | null; stdout: string; stderr: string };

/** Runs a command-line tool (`scripts/<name>.ts`) as its npm script does, with exactly this environment; answers its exit code and output. */
export function runScript(script: string, args: readonly string[], env: Record<string, string | undefined>): Promise<ScriptRun> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
