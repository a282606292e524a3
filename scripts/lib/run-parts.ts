/**
 * Runs a set of shell commands side by side (ADR 072): each part starts as soon as the parts it
 * waits for have passed, its output is kept and printed whole when it ends (so two parts never
 * interleave), and a part whose prerequisite failed is skipped. The result names every part that
 * did not pass.
 */
import { spawn } from "node:child_process";

export type Part = {
  name: string;
  command: string;
  /** Parts that must pass before this one starts (the e2e suite runs on the app build). */
  after?: string[];
  env?: Record<string, string>;
};

export type Outcome = { name: string; status: "passed" | "failed" | "skipped"; seconds: number };

type Out = { write(text: string): unknown };

function runOne(part: Part, cwd: string, out: Out): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(part.command, { cwd, shell: true, env: { ...process.env, ...part.env }, stdio: ["ignore", "pipe", "pipe"] });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on("close", (code) => {
      out.write(`\n=== ${part.name} (${part.command}) ${code === 0 ? "passed" : `failed (exit ${code})`}\n${Buffer.concat(chunks).toString()}`);
      resolve(code === 0);
    });
  });
}

/** Every part, each started when its prerequisites have passed; resolves when all have ended. */
export async function runParts(parts: Part[], options: { cwd?: string; out?: Out } = {}): Promise<Outcome[]> {
  const { cwd = process.cwd(), out = process.stdout } = options;
  const names = new Set(parts.map((p) => p.name));
  for (const part of parts) {
    const unknown = (part.after ?? []).filter((name) => !names.has(name));
    if (unknown.length) throw new Error(`${part.name} waits for ${unknown.join(", ")}, which is not a part`);
  }
  const started = Date.now();
  const done = new Map<string, Promise<Outcome>>();
  const outcomeOf = (part: Part): Promise<Outcome> => {
    const known = done.get(part.name);
    if (known) return known;
    const result = (async (): Promise<Outcome> => {
      const before = await Promise.all((part.after ?? []).map((name) => outcomeOf(parts.find((p) => p.name === name)!)));
      const seconds = () => Math.round((Date.now() - started) / 1000);
      if (before.some((o) => o.status !== "passed")) {
        out.write(
          `\n=== ${part.name} skipped: ${before
            .filter((o) => o.status !== "passed")
            .map((o) => o.name)
            .join(", ")} did not pass\n`,
        );
        return { name: part.name, status: "skipped", seconds: seconds() };
      }
      const passed = await runOne(part, cwd, out);
      return { name: part.name, status: passed ? "passed" : "failed", seconds: seconds() };
    })();
    done.set(part.name, result);
    return result;
  };
  return Promise.all(parts.map(outcomeOf));
}

/** One line per part, then what did not pass (empty when all passed). */
export function summary(outcomes: Outcome[]): { text: string; ok: boolean } {
  const lines = outcomes.map((o) => `${o.status.padEnd(7)} ${o.name} (done at ${o.seconds} s)`);
  const bad = outcomes.filter((o) => o.status !== "passed").map((o) => o.name);
  lines.push(bad.length ? `validate failed: ${bad.join(", ")}` : "validate passed");
  return { text: `\n${lines.join("\n")}\n`, ok: bad.length === 0 };
}
